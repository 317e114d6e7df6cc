import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { BACKUP_FORMAT, keyFingerprint, packBackup, sha256, tar } from './backup-archive.js';
import { restoreBackup } from './backup-restore.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-restore-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The one file every database has, and nothing else: it passes the archive's checks, yet is no database. */
const hollowDump = () =>
  new Uint8Array(tar([{ name: '/PG_VERSION', data: Buffer.from('17\n') }], Date.now()));

async function backupOfGarbage(): Promise<string> {
  const pgdata = hollowDump();
  const file = path.join(scratch, 'garbage.tar.gz');
  const bytes = await packBackup({
    manifest: {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion: '0.1.0',
      createdAt: new Date().toISOString(),
      database: 'pglite',
      pgliteVersion: '0.5.16',
      secretKey: 'included',
      secretKeyFingerprint: keyFingerprint('k'.repeat(48)),
      pgdataSha256: sha256(pgdata),
    },
    pgdata,
    secretKey: 'k'.repeat(48),
  });
  fs.writeFileSync(file, bytes);
  return file;
}

describe('restore', () => {
  it('leaves DATA_DIR as it was when the database does not open: absent, or empty', async () => {
    const file = await backupOfGarbage();
    const absent = path.join(scratch, 'absent');
    await expect(restoreBackup(loadConfig({ DATA_DIR: absent }), file)).rejects.toThrow(
      `The database in ${file} does not open`,
    );
    expect(fs.existsSync(absent)).toBe(false);

    const empty = path.join(scratch, 'empty');
    fs.mkdirSync(empty);
    await expect(restoreBackup(loadConfig({ DATA_DIR: empty }), file)).rejects.toThrow('does not open');
    // No key, no half-unpacked database, no lock left behind.
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 60_000);
});
