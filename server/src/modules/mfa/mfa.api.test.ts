import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken, type TestUser } from '../../test/factories.js';
import { codeIn, type MailServer } from '../../test/mail-server.js';
import { expectPageQueryChecked } from '../../test/paging.js';
import { totpNow } from './totp.js';

describe('second factor', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
  });
  afterAll(() => stopApiTest(t, mail));

  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const login = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: user.username, password: user.password },
    });
  const loginCode = (ephemeral_token: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login/code/', payload: { ephemeral_token, code } });

  /** Sets up the app method; returns the secret and the backup codes. */
  async function enableApp(token: string) {
    const started = await post('/auth/app/activate/', token);
    expect(started.statusCode).toBe(200);
    const { details, secret } = started.json();
    expect(details).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const confirmedAt = Date.now();
    const code = totpNow(secret, confirmedAt);
    const confirmed = await post('/auth/app/activate/confirm/', token, { code });
    expect(confirmed.statusCode).toBe(200);
    return {
      secret: secret as string,
      backupCodes: confirmed.json().backup_codes as string[],
      code,
      confirmedAt,
    };
  }

  it('sets up the app method, then logs in with a TOTP code once', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const none = await t.app.inject({ url: '/auth/mfa/user-active-methods', headers: auth(token) });
    expect(none.json()).toMatchObject({ count: 0, results: [] });

    const { secret, backupCodes, code, confirmedAt } = await enableApp(token);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const active = await t.app.inject({ url: '/auth/mfa/user-active-methods', headers: auth(token) });
    expect(active.json().results).toEqual([{ name: 'app', is_primary: true }]);
    const me = await t.app.inject({ url: '/api/users', headers: auth(token) });
    expect(me.json().results[0].mfa).toEqual([{ name: 'app', is_primary: true }]);

    const first = await login(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ephemeral_token: expect.any(String), method: 'app' });
    expect(first.json().auth_token).toBeUndefined();

    // The code used to confirm the setup was consumed: it cannot log in (the very code,
    // not the current step's, which may be a new one on a slow machine).
    const replayed = await loginCode(first.json().ephemeral_token, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ error: 'Invalid or expired code.' });

    const next = totpNow(secret, confirmedAt + 30_000);
    const ok = await loginCode(first.json().ephemeral_token, next);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().auth_token).toMatch(/^[\w-]{43}$/);

    // The ephemeral token works once, and a code works once.
    expect((await loginCode(first.json().ephemeral_token, next)).statusCode).toBe(400);
    const second = await login(user);
    expect((await loginCode(second.json().ephemeral_token, next)).statusCode).toBe(400);
  });

  it('logs in with a backup code, each code once', async () => {
    const user = await buildActiveUser(t, mail);
    const { backupCodes } = await enableApp(await loginToken(t, user));
    const code = backupCodes[0] as string;
    const first = await login(user);
    const ok = await loginCode(first.json().ephemeral_token, code.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const again = await login(user);
    expect((await loginCode(again.json().ephemeral_token, code)).statusCode).toBe(400);
    expect((await loginCode(again.json().ephemeral_token, backupCodes[1] as string)).statusCode).toBe(200);
  });

  it('refuses a wrong code, an expired login and a missing code with clear messages', async () => {
    const user = await buildActiveUser(t, mail);
    await enableApp(await loginToken(t, user));
    const first = await login(user);
    const wrong = await loginCode(first.json().ephemeral_token, '000000');
    expect(wrong.json()).toEqual({ error: 'Invalid or expired code.' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/login/code/',
      payload: { ephemeral_token: first.json().ephemeral_token },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: ['Verificatie code is verplicht'] });
    const unknown = await loginCode('not-a-real-ephemeral-token', '123456');
    expect(unknown.json()).toEqual({ error: 'The verification has expired. Log in again.' });
  });

  it('sets up the e-mail method, and then mails a fresh code at every login', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const started = await post('/auth/email/activate/', token);
    expect(started.statusCode).toBe(200);
    const setupCode = codeIn(await mail.nextMail(user.email, /verification code/));
    expect((await post('/auth/email/activate/confirm/', token, { code: '999999' })).statusCode).toBe(400);
    const confirmed = await post('/auth/email/activate/confirm/', token, { code: setupCode });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().backup_codes).toHaveLength(10);

    const first = await login(user);
    expect(first.json().method).toBe('email');
    const loginCodeMail = codeIn(await mail.nextMail(user.email, /verification code/));
    // A code belongs to its own login attempt.
    const other = await login(user);
    const otherCode = codeIn(await mail.nextMail(user.email, /verification code/));
    expect((await loginCode(first.json().ephemeral_token, otherCode)).statusCode).toBe(400);
    expect((await loginCode(first.json().ephemeral_token, loginCodeMail)).statusCode).toBe(200);
    expect((await loginCode(other.json().ephemeral_token, otherCode)).statusCode).toBe(200);
  });

  it('answers the active methods as a page, like every list', async () => {
    const token = await loginToken(t, await buildActiveUser(t, mail));
    await enableApp(token);
    const url = '/auth/mfa/user-active-methods';
    const one = await t.app.inject({ url: `${url}?page_size=1`, headers: auth(token) });
    expect(one.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ name: 'app', is_primary: true }],
    });
    const past = await t.app.inject({ url: `${url}?page=2`, headers: auth(token) });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    await expectPageQueryChecked(t, { url, token });
  });

  it('deactivates a method only with a current code', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const { secret } = await enableApp(token);
    const refused = await post('/auth/app/deactivate/', token, { code: '123456' });
    expect(refused.statusCode).toBe(400);
    const missing = await post('/auth/app/deactivate/', token, {});
    expect(missing.json()).toEqual({ code: ['Verificatie code is verplicht'] });
    const ok = await post('/auth/app/deactivate/', token, { code: totpNow(secret, Date.now() + 30_000) });
    expect(ok.statusCode).toBe(200);
    const active = await t.app.inject({ url: '/auth/mfa/user-active-methods', headers: auth(token) });
    expect(active.json().results).toEqual([]);
    expect((await login(user)).json().auth_token).toEqual(expect.any(String));
  });

  it('deactivates the e-mail method with a code requested by mail', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    await post('/auth/email/activate/', token);
    await post('/auth/email/activate/confirm/', token, {
      code: codeIn(await mail.nextMail(user.email, /verification code/)),
    });
    expect((await post('/auth/code/request/', token, { method: 'email' })).statusCode).toBe(200);
    const code = codeIn(await mail.nextMail(user.email, /verification code/));
    expect((await post('/auth/email/deactivate/', token, { code })).statusCode).toBe(200);
  });

  it('locks the second step after 10 wrong codes', async () => {
    const user = await buildActiveUser(t, mail);
    const { secret } = await enableApp(await loginToken(t, user));
    const first = await login(user);
    for (let i = 0; i < 10; i++) await loginCode(first.json().ephemeral_token, String(100000 + i));
    const locked = await loginCode(first.json().ephemeral_token, totpNow(secret, Date.now() + 30_000));
    expect(locked.statusCode).toBe(429);
  });

  it('adds a second method only with a current code, and tells the user by mail', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const { secret } = await enableApp(token);
    await mail.nextMail(user.email, /verification settings changed/);
    const without = await post('/auth/email/activate/', token);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ error: 'Enter a current verification code to add another method.' });
    const wrong = await post('/auth/email/activate/', token, { code: '000000' });
    expect(wrong.json()).toEqual({ error: 'Invalid or expired code.' });
    const ok = await post('/auth/email/activate/', token, { code: totpNow(secret, Date.now() + 30_000) });
    expect(ok.statusCode).toBe(200);
  });

  it('rejects unknown methods', async () => {
    const user = await buildActiveUser(t, mail);
    const res = await post('/auth/sms/activate/', await loginToken(t, user));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ method: ['Unknown second-factor method.'] });
  });
});
