import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createContext } from '../../context.js';
import { type Database, openPostgres } from '../../db/client.js';
import { seedReferenceData } from '../../startup/reference-data.js';
import { createThrowawayPostgres } from '../../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from '../../test/factories.js';
import { type MailServer, startMailServer } from '../../test/mail-server.js';

type Usage = { count: number; names: string[]; ids: number[] };

/**
 * The usage the data source list reads is kept by triggers (migration 0009). On PostgreSQL two
 * transactions can change one source's usage at once — a layer added while its workspace is
 * renamed, two workspaces sharing a source renamed together — and neither may leave a stale name
 * behind or deadlock the other. Two raw connections hold their transactions open to force the
 * interleavings. (The embedded database runs one transaction at a time: nothing to race.)
 */
describe.runIf(process.env.TEST_DB === 'postgres')('the stored usage under concurrent writers', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let database: Database;
  let app: FastifyInstance;
  let mail: MailServer;
  let alice: TestUser;
  let token: string;
  let account: { id: number };
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    mail = await startMailServer();
    throwaway = await createThrowawayPostgres();
    database = await openPostgres(throwaway.url);
    const config = loadConfig({
      DATA_DIR: '/tmp/geows-test-unused',
      LOG_LEVEL: 'silent',
      SMTP_URL: mail.url,
    });
    const ctx = await createContext(config, database, { secretKey: randomBytes(32).toString('hex') });
    await seedReferenceData(ctx);
    app = await buildApp(ctx, { logger: false });
    await app.ready();
    const t = { app } as never;
    alice = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    account = await buildAccount(t, token, alice.id, 'Races');
    for (let i = 0; i < 2; i++) {
      const client = new pg.Client({ connectionString: throwaway.url });
      await client.connect();
      clients.push(client);
    }
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await app?.close();
    await database?.close();
    await mail?.close();
    await throwaway?.drop();
  });

  const first = () => clients[0] as pg.Client;
  const second = () => clients[1] as pg.Client;
  const workspace = async (name: string) =>
    (await buildWorkspace({ app } as never, token, alice.id, account.id, name)).id as number;
  const source = async (name: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name,
        type: 3,
        account: account.id,
        config: { url: `https://tiles.example.org/${name}/{z}/{x}/{y}.png` },
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const usage = async (id: number): Promise<Usage> => {
    const res = await app.inject({ url: `/api/datasources?account=${account.id}`, headers: auth(token) });
    const row = (res.json().results as { id: number; workspaces: Usage }[]).find((r) => r.id === id);
    return row?.workspaces as Usage;
  };
  const addLayer = (client: pg.Client, workspaceId: number, sourceId: number) =>
    client.query(`INSERT INTO layers (workspace_id, name, data_source_id) VALUES ($1, 'Layer', $2)`, [
      workspaceId,
      sourceId,
    ]);
  const rename = (client: pg.Client, workspaceId: number, name: string) =>
    client.query('UPDATE workspaces SET name = $2 WHERE id = $1', [workspaceId, name]);
  /** Whether a statement is still waiting a moment after it was sent (held by the other's lock). */
  const stillWaiting = async (pending: Promise<unknown>) => {
    const outcome = await Promise.race([
      pending.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    return outcome === 'waiting';
  };

  it('a layer added while its workspace is renamed: the usage ends with the new name', async () => {
    const harbour = await workspace('Harbour');
    const roads = await source('roads');
    await first().query('BEGIN');
    await addLayer(first(), harbour, roads);
    // The rename waits for the layer's transaction, then sees its layer.
    const renamed = rename(second(), harbour, 'Port');
    expect(await stillWaiting(renamed)).toBe(true);
    await first().query('COMMIT');
    await renamed;
    expect(await usage(roads)).toEqual({ count: 1, names: ['Port'], ids: [harbour] });
  });

  it('a workspace renamed while a layer is added to it: the usage ends with the new name', async () => {
    const centre = await workspace('Centre');
    const rivers = await source('rivers');
    await first().query('BEGIN');
    await rename(first(), centre, 'Downtown');
    // The layer's usage waits for the rename rather than write the old name.
    const added = addLayer(second(), centre, rivers);
    expect(await stillWaiting(added)).toBe(true);
    await first().query('COMMIT');
    await added;
    expect(await usage(rivers)).toEqual({ count: 1, names: ['Downtown'], ids: [centre] });
  });

  it('two workspaces sharing a source renamed at once: no deadlock, both new names', async () => {
    const north = await workspace('North');
    const south = await workspace('South');
    const parks = await source('parks');
    await addLayer(first(), north, parks);
    await addLayer(first(), south, parks);
    await first().query('BEGIN');
    await second().query('BEGIN');
    await rename(first(), north, 'Noord');
    const other = rename(second(), south, 'Zuid');
    await first().query('COMMIT');
    await other;
    await second().query('COMMIT');
    expect(await usage(parks)).toEqual({ count: 2, names: ['Noord', 'Zuid'], ids: [north, south] });
  });
});
