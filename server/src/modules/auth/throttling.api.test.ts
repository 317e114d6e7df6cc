import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { buildActiveUser } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

describe('throttling', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest({ AUTH_RATE_LIMIT_PER_MINUTE: '40' }));
  });
  afterAll(() => stopApiTest(t, mail));

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/login/', payload: { username, password }, remoteAddress: ip });

  it('locks a username after 10 failures in 15 minutes, refusing even the right password, from any address', async () => {
    const user = await buildActiveUser(t, mail);
    for (let i = 0; i < 10; i++) {
      expect((await login(user.username, `wrong-${i}`, `10.0.1.${i}`)).statusCode).toBe(400);
    }
    const locked = await login(user.username, user.password, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 'Too many failed attempts. Try again in 15 minutes.' });
    expect(locked.headers['retry-after']).toBe('900');

    // Another user behind the same office address is not affected.
    const colleague = await buildActiveUser(t, mail);
    expect((await login(colleague.username, colleague.password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst cannot slip past the limit', async () => {
    const user = await buildActiveUser(t, mail);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.username, `wrong-${i}`, `10.0.3.${i}`)),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('keeps a per-address ceiling on identity calls, in the database', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await login(`someone-${i}`, 'x', ip)).statusCode);
    expect(statuses.slice(0, 40).every((status) => status === 400)).toBe(true);
    expect(statuses[40]).toBe(429);
    const throttled = await login('someone-41', 'x', ip);
    expect(throttled.json()).toEqual({
      error: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/),
    });
    expect(throttled.headers['retry-after']).toBeDefined();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {},
      remoteAddress: ip,
    });
    expect(register.statusCode).toBe(429);
    expect(register.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled/) });
    const other = await login('someone-else', 'x', '10.9.9.10');
    expect(other.statusCode).toBe(400);
    const rows = await t.database.db.execute(sql`select key from rate_limits where key like 'rl:identity:%'`);
    expect(JSON.stringify(rows)).toContain('identity:10.9.9.9');
  });
});
