import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Client as PgClient } from 'pg';
import {
  compileDatabaseBaselineOnly,
  growHeapByHalf,
  type PgliteSizing,
  pgliteOptions,
} from './pglite-storage.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share Drizzle's PostgreSQL query builder; code above this file sees only this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` from any process, and
   * `onReliable(true)` once every later one will arrive, `onReliable(false)` when that stops
   * (the listening connection dropped; it reconnects). In-process caches use it to stay exact
   * with many server processes. The embedded database has one process: reliable at once.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReliable: (reliable: boolean) => void,
  ): void;
  close(): Promise<void>;
  /** The embedded database's files as one tar, copied between transactions (backups); absent on PostgreSQL. */
  dumpDataDir?(): Promise<Blob>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

/**
 * PGlite keeps its files in `dataDir`; without one it lives in memory (tests). On disk, an
 * acknowledged commit has reached the disk (pglite-storage.ts says how, and what PGlite
 * does without it). On disk (the server) it runs on a thread of its own (pglite-thread.ts),
 * so that SQL and HTTP work overlap on two cores instead of taking turns; `thread` chooses
 * explicitly. `sizing` is its memory (pglite-storage.ts).
 */
export async function openPglite(
  dataDir?: string,
  { thread = dataDir !== undefined, ...sizing }: { thread?: boolean } & PgliteSizing = {},
): Promise<Database> {
  if (dataDir) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    compileDatabaseBaselineOnly();
    growHeapByHalf();
  }
  if (thread && dataDir) await createInOwnProcess(dataDir, sizing);
  // Both answer the part of PGlite's interface that Drizzle uses. The thread builds the same
  // options itself: a file system object cannot be sent to it.
  const client = (
    thread
      ? await PgliteThread.create(dataDir ? { dataDir, ...sizing } : {})
      : await PGlite.create(pgliteOptions(dataDir, sizing))
  ) as PGlite;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // One process owns the embedded database: its own writes update its caches directly.
    listen: (_channel, _onMessage, onReliable) => onReliable(true),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * PGlite makes a new database with two more WebAssembly instances (initdb, and a PostgreSQL
 * for it) and a tarball of the result: made in this process they stay resident, on a thread
 * until a full garbage collection that an idle server may never run (890 MB instead of 400 MB
 * on a first start), and even after one as freed malloc memory glibc does not give back
 * (+50 MB). A process of its own gives it all back when it exits.
 */
async function createInOwnProcess(dataDir: string, sizing: PgliteSizing) {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const fromSources = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`./pglite-create.${fromSources ? 'ts' : 'js'}`, import.meta.url));
  const tsx = fromSources
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];
  const child = spawn(process.execPath, [...tsx, script, JSON.stringify({ dataDir, ...sizing })], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database failed: ${stderr.trim()}`);
}

export async function openPostgres(url: string): Promise<Database> {
  // Loaded here, not with this module: a server on the embedded database never needs the
  // PostgreSQL driver, and its modules held 3 MB of that server's heap for nothing.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  // Processes starting together (a rolling deploy) take turns: one migrates, the others find it done.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7243001)');
    await migrateNodePg(drizzleNodePg({ client: lockClient, schema }) as never, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7243001)').catch(() => {});
    lockClient.release();
  }
  let closed = false;
  const listeners = new Map<
    string,
    { onMessage: (payload: string) => void; onReliable: (r: boolean) => void }
  >();
  let listener: PgClient | undefined;
  /** One connection LISTENs on every channel; when it drops, caches are told and it comes back. */
  async function connectListener() {
    if (closed || listeners.size === 0) return;
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      for (const { onReliable } of listeners.values()) onReliable(false);
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void connectListener(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => listeners.get(channel)?.onMessage(payload ?? ''));
    try {
      listener = client;
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      if (listener === client) for (const { onReliable } of listeners.values()) onReliable(true);
    } catch {
      lost();
    }
  }
  return {
    db,
    kind: 'postgres',
    listen: (channel, onMessage, onReliable) => {
      listeners.set(channel, { onMessage, onReliable });
      for (const each of listeners.values()) each.onReliable(false);
      // Re-listening on a new connection covers every channel, the new one included.
      const current = listener;
      listener = undefined;
      current?.end().catch(() => {});
      void connectListener();
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => {});
      await pool.end();
    },
  };
}
