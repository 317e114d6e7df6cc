import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { type Background, createBackground } from './lib/background.js';
import { createSecretBox, resolveSecretKey, type SecretBox } from './lib/crypto.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { checkSecretKey } from './lib/secret-key-check.js';
import { createThrottle, type Throttle } from './lib/throttle.js';
import type { UrlFetcher } from './lib/url-fetch/index.js';

/** What every module is built from: configuration, the database and shared services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Encrypts secrets kept at rest (TOTP secrets, later data source credentials). */
  secrets: SecretBox;
  /** The server secret, for keyed hashes of short codes. */
  secretKey: string;
  throttle: Throttle;
  /** Work finished after the response (mails); shutdown waits for it. */
  background: Background;
  /** Fetches user-given URLs; tests inject one with their own resolver. Default: from the config. */
  fetcher?: UrlFetcher;
};

export async function createContext(
  config: Config,
  database: Database,
  overrides: Partial<Pick<AppContext, 'mailer' | 'secretKey'>> = {},
): Promise<AppContext> {
  const secretKey =
    overrides.secretKey ?? (await resolveSecretKey(config.secretKey, config.dataDir, database));
  const secrets = createSecretBox(secretKey);
  await checkSecretKey(database.db, secrets);
  const log = pino({ level: config.logLevel });
  const mailer =
    overrides.mailer ??
    createMailer(
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
      log,
    );
  return {
    config,
    database,
    db: database.db,
    mailer,
    secrets,
    secretKey,
    throttle: createThrottle(database.db),
    background: createBackground((error) => log.error({ err: error }, 'background work failed')),
  };
}
