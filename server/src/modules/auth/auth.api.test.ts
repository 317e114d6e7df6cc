import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken, userInput } from '../../test/factories.js';
import { linkIn, type MailServer } from '../../test/mail-server.js';

describe('registration, activation, login and logout', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest({ PUBLIC_URL: 'https://maps.example.org' }));
  });
  afterAll(() => stopApiTest(t, mail));

  const register = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });

  it('registers an inactive user and mails an activation link on the known origin', async () => {
    const input = userInput();
    const res = await register(input, { origin: 'https://maps.example.org' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: input.username, email: input.email });
    const message = await mail.nextMail(input.email);
    expect(message.subject).toContain('Activate your account');
    expect(message.html).toContain('/activation/');
    const link = linkIn(message, '/activation/');
    expect(link).toMatch(/^https:\/\/maps\.example\.org\/activation\/[\w-]+\/[\w-]{43}$/);

    // Not active yet: the password is right, but login explains what is missing.
    const early = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: input });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatch(/not active yet/);

    const [uid, token] = new URL(link).pathname.split('/').slice(2);
    const activated = await t.app.inject({ url: `/api/activate/${uid}/${token}/` });
    expect(activated.statusCode).toBe(200);
    expect(activated.body).toBe('Activated');
    const again = await t.app.inject({ url: `/api/activate/${uid}/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/);

    const login = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: input });
    expect(login.statusCode).toBe(200);
    expect(login.json().auth_token).toMatch(/^[\w-]{43}$/);
  });

  it('never builds e-mailed links on an unknown origin', async () => {
    const input = userInput();
    await register(input, { origin: 'https://evil.example.net' });
    const link = linkIn(await mail.nextMail(input.email), '/activation/');
    expect(link.startsWith('https://maps.example.org/activation/')).toBe(true);
  });

  it('answers invalid and expired activation links with a status text', async () => {
    const bad = await t.app.inject({ url: '/api/activate/MQ/not-a-token/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'This activation link is invalid.' });
    expect((await t.app.inject({ url: '/api/activate/%00%00/x/' })).statusCode).toBe(400);

    const input = userInput();
    await register(input);
    const link = linkIn(await mail.nextMail(input.email), '/activation/');
    await t.database.db.execute(sql`update user_tokens set expires_at = now() - interval '1 minute'`);
    const [uid, token] = new URL(link).pathname.split('/').slice(2);
    const expired = await t.app.inject({ url: `/api/activate/${uid}/${token}/` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe('This activation link has expired.');
  });

  it("rejects a missing or invalid username, e-mail or password with a message per field, in DRF's shape", async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['Username is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    });
    const invalid = await register({ username: 'ok_name', email: 'not-an-address', password: 'abc' });
    expect(invalid.json()).toEqual({
      email: ['E-mail must be valid'],
      password: ['Password must be more than 4 characters'],
    });
  });

  it('applies the server password policy with clear messages', async () => {
    const common = await register(userInput({ password: 'password1' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().password).toContain('This password is too common.');
    const numeric = await register(userInput({ password: '8412957310' }));
    expect(numeric.json().password).toContain('This password is entirely numeric.');
    const short = await register(userInput({ password: 'Xy7$' }));
    expect(short.json().password).toContain(
      'This password is too short. It must contain at least 8 characters.',
    );
    const similar = await register(userInput({ username: 'marjolein', password: 'marjolein2024!' }));
    expect(similar.json().password).toContain('The password is too similar to the username.');
  });

  it("refuses a username that is someone's e-mail address (either signs in)", async () => {
    const existing = await buildActiveUser(t, mail);
    const res = await register(userInput({ username: existing.email, email: `other-${existing.email}` }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('frees the name and address of a registration that was never activated once its link expired', async () => {
    const input = userInput();
    await register(input);
    await mail.nextMail(input.email);
    expect((await register(input)).statusCode).toBe(400);
    await t.database.db.execute(sql`update user_tokens set expires_at = now() - interval '1 minute'`);
    expect((await register(input)).statusCode).toBe(201);
  });

  it('mails a fresh activation link, not a reset link, to a user who never activated', async () => {
    const input = userInput();
    await register(input);
    await mail.nextMail(input.email, /Activate/);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: input.email } });
    const again = await mail.nextMail(input.email);
    expect(again.subject).toContain('Activate your account');
    const [uid, token] = new URL(linkIn(again, '/activation/')).pathname.split('/').slice(2);
    expect((await t.app.inject({ url: `/api/activate/${uid}/${token}/` })).body).toBe('Activated');
  });

  it('keeps usernames and e-mail addresses unique regardless of case', async () => {
    const existing = await buildActiveUser(t, mail);
    const res = await register(
      userInput({ username: existing.username.toUpperCase(), email: existing.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
  });

  it('refuses wrong passwords and unknown users alike, in the login error shape', async () => {
    const user = await buildActiveUser(t, mail);
    for (const payload of [
      { username: user.username, password: 'wrong-password' },
      { username: 'nobody-here', password: 'whatever' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Unable to log in with provided credentials.' });
    }
    const empty = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: {} });
    expect(empty.json()).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('signs in with the e-mail address too, updates last_login, and logout revokes the token', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, { username: user.email, password: user.password });
    const me = await t.app.inject({ url: '/api/users', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().results[0].last_login).not.toBeNull();
    const out = await t.app.inject({ url: '/api/auth/logout', headers: auth(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/users', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid token.' });
    expect(after.headers['www-authenticate']).toBe('Token');
  });

  it('keeps only a hash of each token, and a new token per login', async () => {
    const user = await buildActiveUser(t, mail);
    const first = await loginToken(t, user);
    const second = await loginToken(t, user);
    expect(first).not.toBe(second);
    const rows = await t.database.db.execute(sql`select token_hash from auth_tokens`);
    const hashes = JSON.stringify(rows);
    expect(hashes).not.toContain(first);
    expect(hashes).not.toContain(second);
  });

  it('expires tokens that were idle too long', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    await t.database.db.execute(sql`update auth_tokens set last_used_at = now() - interval '31 days'`);
    const res = await t.app.inject({ url: '/api/users', headers: auth(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Token has expired.' });
  });

  it('answers protected calls without a token with 401 and a detail', async () => {
    for (const url of [
      '/api/users',
      '/api/extendUsers',
      '/auth/mfa/user-active-methods',
      '/api/auth/logout',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    const garbage = await t.app.inject({ url: '/api/users', headers: { authorization: 'Bearer abc' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('stops a user deactivated by an operator', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    await t.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    expect((await t.app.inject({ url: '/api/users', headers: auth(token) })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: user });
    expect(login.statusCode).toBe(400);
  });
});
