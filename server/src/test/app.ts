import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import type { SecretBox } from '../lib/crypto.js';
import { seedReferenceData } from '../startup/reference-data.js';
import { type MailServer, startMailServer } from './mail-server.js';

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and `drop` for afterwards. */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('A PostgreSQL test needs TEST_DATABASE_URL');
  const name = `geows_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database for one test file: in-memory PGlite, or (TEST_DB=postgres) a
 * throwaway database created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite();
  const throwaway = await createThrowawayPostgres();
  const database = await openPostgres(throwaway.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's box for secrets at rest, for tests that write sealed rows themselves. */
  secrets: SecretBox;
  close(): Promise<void>;
};

export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  overrides: Partial<Config> = {},
  appOptions: Pick<BuildAppOptions, 'onRoute' | 'operatorSecret'> = {},
): Promise<TestApp> {
  const config = {
    ...loadConfig({ DATA_DIR: '/tmp/geows-test-unused', LOG_LEVEL: 'silent', ...env }),
    ...overrides,
  };
  const database = await openTestDatabase();
  const ctx = await createContext(config, database, { secretKey: randomBytes(32).toString('hex') });
  await seedReferenceData(ctx);
  const app = await buildApp(ctx, { logger: false, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    config,
    secrets: ctx.secrets,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** An app that sends its mail to a real SMTP server in this process: what every API test file starts with. */
export async function startApiTest(env: NodeJS.ProcessEnv = {}): Promise<{ t: TestApp; mail: MailServer }> {
  const mail = await startMailServer();
  const t = await createTestApp({ SMTP_URL: mail.url, ...env });
  return { t, mail };
}

export async function stopApiTest(t: TestApp | undefined, mail: MailServer | undefined) {
  await t?.close();
  await mail?.close();
}
