import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken } from '../../test/factories.js';
import { linkIn, type MailServer } from '../../test/mail-server.js';

describe('password reset and change', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
  });
  afterAll(() => stopApiTest(t, mail));

  const requestReset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset', payload });
  const resetWith = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload, headers });
  const partsOf = (link: string) => new URL(link).pathname.split('/').slice(2) as [string, string];

  it('gives the same answer for known and unknown addresses, and mails only the known one', async () => {
    const user = await buildActiveUser(t, mail);
    const known = await requestReset({ email: user.email.toUpperCase() });
    const unknown = await requestReset({ email: 'nobody@example.org' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const message = await mail.nextMail(user.email, /Reset your password/);
    expect(linkIn(message, '/password-reset/')).toMatch(/\/password-reset\/[\w-]+\/[\w-]{43}$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.inbox.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
  });

  it("builds the link on the reset call's site only when it is a known origin", async () => {
    const user = await buildActiveUser(t, mail);
    const own = `http://127.0.0.1:${t.config.port}`;
    await requestReset({ email: user.email, site: own });
    expect(
      linkIn(await mail.nextMail(user.email), '/password-reset/').startsWith(`${own}/password-reset/`),
    ).toBe(true);
    await requestReset({ email: user.email, site: 'https://attacker.example.net' });
    const poisoned = linkIn(await mail.nextMail(user.email), '/password-reset/');
    expect(poisoned).not.toContain('attacker');
  });

  it('sets a new password by link once, revokes every token and kills older links', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    await requestReset({ email: user.email });
    const first = partsOf(linkIn(await mail.nextMail(user.email), '/password-reset/'));
    await requestReset({ email: user.email });
    const second = partsOf(linkIn(await mail.nextMail(user.email), '/password-reset/'));

    const weak = await resetWith({ password: '123', uid: second[0], pw_token: second[1] });
    expect(weak.json()).toEqual({ password: ['Password must be more than 4 characters'] });

    const res = await resetWith({ password: 'A-much-better-secret-7', uid: second[0], pw_token: second[1] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your password has been reset.' });
    expect((await t.app.inject({ url: '/api/users', headers: auth(token) })).statusCode).toBe(401);
    await loginToken(t, { username: user.username, password: 'A-much-better-secret-7' });

    for (const [uid, pwToken] of [second, first]) {
      const reused = await resetWith({ password: 'Another-secret-88', uid, pw_token: pwToken });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ detail: 'This password reset link is invalid or has expired.' });
    }
  });

  it('refuses an expired link', async () => {
    const user = await buildActiveUser(t, mail);
    await requestReset({ email: user.email });
    const [uid, pwToken] = partsOf(linkIn(await mail.nextMail(user.email), '/password-reset/'));
    await t.database.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset'`,
    );
    const res = await resetWith({ password: 'A-much-better-secret-7', uid, pw_token: pwToken });
    expect(res.statusCode).toBe(400);
  });

  it('changes the password of the signed-in user (uid false, token false) and revokes their other tokens', async () => {
    const user = await buildActiveUser(t, mail);
    const current = await loginToken(t, user);
    const other = await loginToken(t, user);
    const wrong = await resetWith(
      { password: 'Brand-new-secret-42', uid: false, token: false, current_password: 'not-it' },
      auth(current),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['Your current password is incorrect.'] });

    const res = await resetWith(
      { password: 'Brand-new-secret-42', uid: false, token: false, current_password: user.password },
      auth(current),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password changed.' });
    expect((await t.app.inject({ url: '/api/users', headers: auth(current) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users', headers: auth(other) })).statusCode).toBe(401);
    await loginToken(t, { username: user.username, password: 'Brand-new-secret-42' });
  });

  it('needs a signed-in user to change a password without a link', async () => {
    const res = await resetWith({ password: 'Brand-new-secret-42', uid: false, token: false });
    expect(res.statusCode).toBe(401);
  });
});
