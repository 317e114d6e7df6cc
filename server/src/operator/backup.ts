import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  keyFingerprint,
  packBackup,
  sha256,
} from './backup-archive.js';
import { OperatorError } from './commands.js';

const require = createRequire(import.meta.url);
const versionOf = (packageJson: string) =>
  (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string }).version;
/** Same path from src/ and from dist/. */
const appVersion = () => versionOf(path.resolve(import.meta.dirname, '../../package.json'));
const pgliteVersion = () =>
  versionOf(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json'));

const quote = (value: string) =>
  /^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

/** PostgreSQL has its own tools, which copy a live database consistently: this says which and how. */
export function postgresBackupAdvice(file: string): string {
  return `DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom --file=${quote(file)} "$DATABASE_URL" (restore into an empty database: pg_restore --no-owner --dbname="$DATABASE_URL" ${quote(file)})`;
}
export function postgresRestoreAdvice(file: string): string {
  return `DATABASE_URL is set: restore PostgreSQL with pg_restore --no-owner --dbname="$DATABASE_URL" ${quote(file)} into an empty database (the backup is made with pg_dump --format=custom)`;
}

/** How the server's key for sealed secrets is kept: SECRET_KEY, or a key file in DATA_DIR. */
export type KeyInUse = { value: string; fromEnvironment: boolean };

/**
 * The backup file's bytes for the embedded database, made from the open database (so the
 * server that holds DATA_DIR makes it, between transactions, while it goes on serving).
 * A key kept in DATA_DIR goes with it: without it the copy's sealed secrets are lost.
 */
export async function createBackup(
  database: Database,
  key: KeyInUse,
): Promise<{ bytes: Buffer; manifest: BackupManifest }> {
  if (!database.dumpDataDir) throw new OperatorError(postgresBackupAdvice('FILE'));
  const pgdata = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    database: 'pglite',
    pgliteVersion: pgliteVersion(),
    secretKey: key.fromEnvironment ? 'SECRET_KEY' : 'included',
    secretKeyFingerprint: keyFingerprint(key.value),
    pgdataSha256: sha256(pgdata),
  };
  const bytes = await packBackup({ manifest, pgdata, secretKey: key.fromEnvironment ? null : key.value });
  return { bytes, manifest };
}

/**
 * Writes `file` readable by its owner only (it holds the sealed secrets and, often, their
 * key), complete or not at all: into a temporary file beside it, flushed, then renamed.
 */
export async function writePrivateFile(
  file: string,
  source: Buffer | ReadableStream<Uint8Array>,
): Promise<number> {
  const target = path.resolve(file);
  const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await pipeline(
      Buffer.isBuffer(source) ? Readable.from([source]) : Readable.fromWeb(source as never),
      fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
    );
    const handle = await fs.promises.open(temporary, 'r+');
    try {
      await handle.sync();
      await handle.chmod(0o600);
    } finally {
      await handle.close();
    }
    const { size } = await fs.promises.stat(temporary);
    await fs.promises.rename(temporary, target);
    return size;
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw new OperatorError(`Cannot write ${file}: ${(error as Error).message}`);
  }
}

/** What the operator needs to know about the key after a restore, in one sentence. */
export function describeRestoredKey(manifest: BackupManifest, config: Pick<Config, 'secretKey'>): string {
  const configured = config.secretKey;
  const matches = configured !== undefined && keyFingerprint(configured) === manifest.secretKeyFingerprint;
  if (manifest.secretKey === 'included') {
    if (configured === undefined)
      return 'the key of the sealed secrets was restored into DATA_DIR/secret.key';
    return matches
      ? 'SECRET_KEY is the key the backup was made with'
      : 'SECRET_KEY is set and differs from the backup key restored into DATA_DIR/secret.key: unset it, or the sealed secrets cannot be read';
  }
  if (configured === undefined)
    return 'start the server with SECRET_KEY set to the value it had when the backup was made, or the sealed secrets cannot be read';
  return matches
    ? 'SECRET_KEY is the key the backup was made with'
    : 'SECRET_KEY differs from the key the backup was made with: start the server with that key, or the sealed secrets cannot be read';
}
