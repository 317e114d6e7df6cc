import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from './client.js';
import { defaultCacheMb, pgliteOptions } from './pglite-storage.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'geows-storage-'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the embedded database on disk', () => {
  it('ignores fsync = on in postgresql.conf when started as PGlite starts it (the reason for this module)', async () => {
    const db = await PGlite.create({
      dataDir: path.join(tempDir(), 'pgdata'),
      postgresqlconf: ['fsync = on'],
    });
    try {
      expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('off');
    } finally {
      await db.close();
    }
  });

  it('flushes every commit to the disk before the commit resolves', async () => {
    const db = await PGlite.create(pgliteOptions(path.join(tempDir(), 'pgdata')));
    try {
      const settings = await db.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method')`,
      );
      expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
        fsync: 'on',
        synchronous_commit: 'on',
        wal_sync_method: 'fsync',
      });
      await db.exec('create table kept (id serial primary key)');
      const fsync = vi.spyOn(fs, 'fsyncSync');
      for (let i = 0; i < 3; i++) {
        const before = fsync.mock.calls.length;
        await db.query('insert into kept default values');
        expect(fsync.mock.calls.length).toBeGreaterThan(before);
      }
    } finally {
      await db.close();
    }
  });

  it('sizes the page cache at 16 MB, or as configured, and PostgreSQL takes it', async () => {
    const sharedBuffers = async (sizing?: { cacheMb?: number }) => {
      const db = await PGlite.create(pgliteOptions(path.join(tempDir(), 'pgdata'), sizing));
      try {
        return (await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers;
      } finally {
        await db.close();
      }
    };
    expect(await sharedBuffers()).toBe(`${defaultCacheMb}MB`);
    expect(defaultCacheMb).toBe(16);
    expect(await sharedBuffers({ cacheMb: 40 })).toBe('40MB');
  });

  it("gives the server's database on its thread the configured cache", async () => {
    const database = await openPglite(path.join(tempDir(), 'pgdata'), { cacheMb: 24 });
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      expect(JSON.stringify(result)).toContain('"shared_buffers":"24MB"');
    } finally {
      await database.close();
    }
  });

  it('keeps the in-memory database of the tests as it is', () => {
    expect(pgliteOptions()).toEqual({});
  });
});
