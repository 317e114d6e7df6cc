import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../test/app.js';
import { auth, buildActiveUser, loginToken } from '../test/factories.js';
import type { MailServer } from '../test/mail-server.js';
import { OperatorError, runCommand } from './commands.js';

describe('operator commands', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
  });
  afterAll(() => stopApiTest(t, mail));

  const run = (command: string, positionals: string[] = [], options: Record<string, string> = {}) =>
    runCommand(t.database.db, { command, positionals, options });

  it('deactivates a user: logins stop and existing tokens die with it', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    expect(await run('user deactivate', [user.username])).toMatchObject({ active: false });
    await run('user activate', [user.username]);
    expect((await t.app.inject({ url: '/api/users', headers: auth(token) })).statusCode).toBe(401);
    await loginToken(t, user);
  });

  it('requires a second factor, which the user then sees in their profile', async () => {
    const user = await buildActiveUser(t, mail);
    expect(await run('user mfa-required', [user.username.toUpperCase(), 'on'])).toMatchObject({
      mfa_required: true,
    });
    const me = await t.app.inject({ url: '/api/users', headers: auth(await loginToken(t, user)) });
    expect(me.json().results[0].profile).toEqual({ mfa_required: true });
  });

  it('lists users with their flags', async () => {
    const user = await buildActiveUser(t, mail);
    const list = (await run('user list')) as { username: string; active: boolean; mfa_required: boolean }[];
    expect(list.find((u) => u.username === user.username)).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      active: true,
      mfa_required: false,
    });
  });

  it('names the problem for unknown users and workspaces', async () => {
    await expect(run('user activate', ['ghost'])).rejects.toThrow(new OperatorError('No user named ghost'));
    const user = await buildActiveUser(t, mail);
    await expect(run('demo set', [user.username, '999999'])).rejects.toThrow('No workspace with id 999999');
    await expect(run('site add', [], { origin: 'ftp://x', title: 'x' })).rejects.toThrow(
      '--origin must be an http(s) origin, got ftp://x',
    );
  });
});
