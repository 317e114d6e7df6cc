import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  keyFingerprint,
  packBackup,
  sha256,
  tar,
  unpackBackup,
} from './backup-archive.js';

const pgdata = new Uint8Array(
  tar(
    [
      { name: '/PG_VERSION', data: Buffer.from('17\n') },
      { name: '/base/1/112', data: Buffer.alloc(8192, 7) },
    ],
    Date.now(),
  ),
);
const manifest = (overrides: Partial<BackupManifest> = {}): BackupManifest => ({
  format: BACKUP_FORMAT,
  formatVersion: 1,
  appVersion: '0.1.0',
  createdAt: '2026-11-26T08:00:00.000Z',
  database: 'pglite',
  pgliteVersion: '0.5.16',
  secretKey: 'included',
  secretKeyFingerprint: keyFingerprint('k'.repeat(48)),
  pgdataSha256: sha256(pgdata),
  ...overrides,
});

describe('the backup file', () => {
  it('reads back what was packed: manifest, database and key', async () => {
    const packed = await packBackup({ manifest: manifest(), pgdata, secretKey: 'k'.repeat(48) });
    const read = await unpackBackup(packed, 'b.tar.gz');
    expect(read.manifest).toEqual(manifest());
    expect(Buffer.from(read.pgdata).equals(Buffer.from(pgdata))).toBe(true);
    expect(read.secretKey).toBe('k'.repeat(48));
  });

  it('holds no key when the server ran with SECRET_KEY', async () => {
    const packed = await packBackup({
      manifest: manifest({ secretKey: 'SECRET_KEY' }),
      pgdata,
      secretKey: null,
    });
    expect((await unpackBackup(packed, 'b.tar.gz')).secretKey).toBeNull();
    expect(packed.includes(Buffer.from('k'.repeat(48)))).toBe(false);
  });

  it('refuses a damaged database, a newer format and a foreign archive, each saying which', async () => {
    const damaged = await packBackup({
      manifest: manifest({ pgdataSha256: sha256('something else') }),
      pgdata,
      secretKey: 'k'.repeat(48),
    });
    await expect(unpackBackup(damaged, 'b.tar.gz')).rejects.toThrow(
      'b.tar.gz is damaged: its database does not match the checksum in its manifest',
    );
    const newer = await packBackup({
      manifest: { ...manifest(), formatVersion: 2 } as unknown as BackupManifest,
      pgdata,
      secretKey: 'k'.repeat(48),
    });
    await expect(unpackBackup(newer, 'b.tar.gz')).rejects.toThrow(
      'b.tar.gz is a backup of format 2; this version reads format 1',
    );
    const foreign = await packBackup({
      manifest: { ...manifest(), format: 'something-else' } as unknown as BackupManifest,
      pgdata,
      secretKey: null,
    });
    await expect(unpackBackup(foreign, 'b.tar.gz')).rejects.toThrow(
      'b.tar.gz is not a backup made by npm run admin -- backup',
    );
    await expect(unpackBackup(Buffer.from('plain text'), 'b.tar.gz')).rejects.toThrow('is not a backup');
    const empty = new Uint8Array(Buffer.from('no tar at all'));
    const hollow = await packBackup({
      manifest: manifest({ pgdataSha256: sha256(empty) }),
      pgdata: empty,
      secretKey: 'k'.repeat(48),
    });
    await expect(unpackBackup(hollow, 'b.tar.gz')).rejects.toThrow(
      'b.tar.gz is damaged: it holds no database',
    );
  });
});
