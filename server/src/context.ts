import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createSecretBox, loadSecretKey, type SecretBox } from './lib/crypto.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createThrottle, type Throttle } from './lib/throttle.js';

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
};

export function createContext(
  config: Config,
  database: Database,
  overrides: Partial<Pick<AppContext, 'mailer' | 'secretKey'>> = {},
): AppContext {
  const secretKey = overrides.secretKey ?? loadSecretKey(config.secretKey, config.dataDir);
  const mailer =
    overrides.mailer ??
    createMailer(
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
      pino({ level: config.logLevel }),
    );
  return {
    config,
    database,
    db: database.db,
    mailer,
    secrets: createSecretBox(secretKey),
    secretKey,
    throttle: createThrottle(database.db),
  };
}
