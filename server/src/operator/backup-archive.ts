import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from 'zod';
import { OperatorError } from './commands.js';

/**
 * The backup file: a gzipped tar of `manifest.json` (first, so a foreign file is known
 * before anything else is read), `pgdata.tar` (PGlite's own dump of its data directory) and,
 * when the server's key lives in DATA_DIR rather than SECRET_KEY, `secret.key`.
 * A tar and gzip so that standard tools can open it too (`tar -tzf FILE`).
 */
export const BACKUP_FORMAT = 'geoworkspaces-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.literal('pglite'),
  pgliteVersion: z.string(),
  /** `included`: `secret.key` is in the archive; `SECRET_KEY`: the server ran with that variable. */
  secretKey: z.enum(['included', 'SECRET_KEY']),
  /** Tells whether a key is the one the backup's secrets were sealed with, without revealing it. */
  secretKeyFingerprint: z.string(),
  pgdataSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export type BackupContents = { manifest: BackupManifest; pgdata: Uint8Array; secretKey: string | null };

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const BLOCK = 512;
/** Eleven octal digits: the largest size a plain ustar header holds (8 GiB). */
const MAX_ENTRY = 8 ** 11 - 1;

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A one-way fingerprint of the key: a salted hash, so two keys can be compared without either being stored. */
export const keyFingerprint = (key: string) => sha256(`${BACKUP_FORMAT}:key:${key}`).slice(0, 16);

function tarHeader(name: string, size: number, mtime: number): Buffer {
  if (size > MAX_ENTRY)
    throw new OperatorError(
      'The database is larger than 8 GiB: back it up with the server stopped, by copying DATA_DIR',
    );
  const header = Buffer.alloc(BLOCK);
  const field = (offset: number, length: number, value: string) =>
    header.write(value, offset, length, 'ascii');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o600);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime / 1000));
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** A plain ustar archive of regular files (names up to 100 bytes), as every tar reads. */
export function tar(entries: { name: string; data: Uint8Array }[], mtime: number): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    parts.push(tarHeader(name, data.length, mtime), Buffer.from(data.buffer, data.byteOffset, data.length));
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/** The regular files of a tar, in order; anything that does not parse as ustar throws. */
function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return files;
    const text = (start: number, length: number) =>
      header.toString('ascii', start, start + length).replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (Number.parseInt(text(148, 8).trim(), 8) !== sum || text(257, 5) !== 'ustar')
      throw new Error('not a tar');
    const size = Number.parseInt(text(124, 12).trim(), 8);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > archive.length) throw new Error('cut short');
    files.set(text(0, 100), archive.subarray(start, start + size));
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('cut short');
}

/** PGlite's dump names its files from the data directory's root: a database has `/PG_VERSION`. */
function holdsDatabase(pgdata: Buffer): boolean {
  try {
    return untar(pgdata).has('/PG_VERSION');
  } catch {
    return false;
  }
}

export async function packBackup(contents: BackupContents): Promise<Buffer> {
  const mtime = Date.parse(contents.manifest.createdAt);
  const entries = [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(contents.manifest, null, 2)) },
    ...(contents.secretKey === null ? [] : [{ name: 'secret.key', data: Buffer.from(contents.secretKey) }]),
    { name: 'pgdata.tar', data: contents.pgdata },
  ];
  // zlib runs on libuv's pool: a running server goes on answering while it compresses.
  return gzip(tar(entries, mtime));
}

/**
 * Reads and checks a backup file's bytes before anything is written: that it is one of
 * ours, of a format this version reads, and whole (the dump's checksum).
 */
export async function unpackBackup(bytes: Buffer, file: string): Promise<BackupContents> {
  const foreign = new OperatorError(`${file} is not a backup made by npm run admin -- backup`);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw foreign;
  let archive: Buffer;
  try {
    archive = await gunzip(bytes);
  } catch {
    throw new OperatorError(`${file} is damaged: it is cut short or corrupted`);
  }
  let files: Map<string, Buffer>;
  try {
    files = untar(archive);
  } catch {
    throw foreign;
  }
  const rawManifest = files.get('manifest.json');
  if (!rawManifest) throw foreign;
  let manifest: unknown;
  try {
    manifest = JSON.parse(rawManifest.toString('utf8'));
  } catch {
    throw foreign;
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(manifest);
  if (!head.success) throw foreign;
  if (head.data.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new OperatorError(
      `${file} is a backup of format ${head.data.formatVersion}; this version reads format ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success)
    throw new OperatorError(`${file} has a damaged manifest (${parsed.error.issues[0]?.path.join('.')})`);
  const pgdata = files.get('pgdata.tar');
  if (!pgdata || sha256(pgdata) !== parsed.data.pgdataSha256) {
    throw new OperatorError(`${file} is damaged: its database does not match the checksum in its manifest`);
  }
  if (!holdsDatabase(pgdata)) throw new OperatorError(`${file} is damaged: it holds no database`);
  const secretKey = files.get('secret.key')?.toString('utf8') ?? null;
  if ((parsed.data.secretKey === 'included') !== (secretKey !== null)) {
    throw new OperatorError(`${file} is damaged: its manifest and its secret.key disagree`);
  }
  return { manifest: parsed.data, pgdata, secretKey };
}
