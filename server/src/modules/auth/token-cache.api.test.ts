import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createContext } from '../../context.js';
import { type Database, openPostgres } from '../../db/client.js';
import { seedReferenceData } from '../../startup/reference-data.js';
import { createThrowawayPostgres } from '../../test/app.js';
import { buildActiveUser, loginToken } from '../../test/factories.js';
import { type MailServer, startMailServer } from '../../test/mail-server.js';
import { TokenCache } from './token-cache.js';

describe('the token cache', () => {
  const entry = (userId: number) => ({
    token: { id: userId, userId, createdAt: new Date(), lastUsedAt: new Date() },
    user: { id: userId, username: `u${userId}`, email: `u${userId}@example.org`, isActive: true },
  });

  it('forgets a user at once, and drops an answer looked up before the forgetting', () => {
    const cache = new TokenCache(true);
    cache.set('a', entry(1), cache.epoch);
    cache.set('b', entry(2), cache.epoch);
    const before = cache.epoch;
    cache.forgetUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    // A lookup that began before the forget would store what the database said then.
    cache.set('a', entry(1), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('answers nothing while off (PostgreSQL without its listener), and starts empty when on again', () => {
    const cache = new TokenCache(true);
    cache.set('a', entry(1), cache.epoch);
    cache.setEnabled(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', entry(1), cache.epoch);
    cache.setEnabled(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps to its bound, dropping the oldest entry', () => {
    const cache = new TokenCache(true, 2);
    cache.set('a', entry(1), cache.epoch);
    cache.set('b', entry(2), cache.epoch);
    cache.set('c', entry(3), cache.epoch);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});

/**
 * Two server processes on one PostgreSQL, each with its own pool and token cache (as with
 * WORKERS=N or N machines): a logout or a password change in one is refused by the other
 * at once, through NOTIFY.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('two servers on one PostgreSQL', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  const secretKey = randomBytes(32).toString('hex');
  let mail: MailServer;
  const servers: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    mail = await startMailServer();
    throwaway = await createThrowawayPostgres();
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(throwaway.url);
      const config = loadConfig({
        DATA_DIR: '/tmp/geows-test-unused',
        LOG_LEVEL: 'silent',
        SMTP_URL: mail.url,
      });
      const ctx = await createContext(config, database, { secretKey });
      await seedReferenceData(ctx);
      const app = await buildApp(ctx, { logger: false });
      await app.ready();
      servers.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of servers) {
      await app.close();
      await database.close();
    }
    await mail?.close();
    await throwaway?.drop();
  });

  const accounts = (i: number, token: string) =>
    (servers[i] as { app: FastifyInstance }).app.inject({
      url: '/api/accounts',
      headers: { authorization: `Token ${token}` },
    });

  /** The other server learns of a change within a moment (a NOTIFY's trip), not at its next restart. */
  async function refusedSoon(i: number, token: string) {
    for (let tries = 0; tries < 40; tries++) {
      if ((await accounts(i, token)).statusCode === 401) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it('a token from one is accepted by the other; logging out in one ends it in both', async () => {
    const t = { app: (servers[0] as { app: FastifyInstance }).app } as never;
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    expect((await accounts(1, token)).statusCode).toBe(200);
    expect((await accounts(0, token)).statusCode).toBe(200);
    // Both now hold the token in their caches.
    const logout = await (servers[0] as { app: FastifyInstance }).app.inject({
      url: '/api/auth/logout',
      headers: { authorization: `Token ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await accounts(0, token)).statusCode).toBe(401);
    expect(await refusedSoon(1, token)).toBe(true);
  });

  it("a password changed in one ends the user's other tokens in the other", async () => {
    const t = { app: (servers[1] as { app: FastifyInstance }).app } as never;
    const user = await buildActiveUser(t, mail);
    const first = await loginToken(t, user);
    const second = await loginToken(t, user);
    expect((await accounts(0, first)).statusCode).toBe(200);
    const changed = await (servers[1] as { app: FastifyInstance }).app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      headers: { authorization: `Token ${second}` },
      payload: {
        uid: false,
        token: false,
        current_password: user.password,
        password: 'Another-Horse-Battery-7',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await refusedSoon(0, first)).toBe(true);
    expect((await accounts(0, second)).statusCode).toBe(200);
  });
});
