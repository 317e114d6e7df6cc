import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.js';
import { loadPgliteDump } from './pglite-load.js';
import { plans } from './schema.js';

/** The copy `npm run admin -- backup` makes of the embedded database while it serves (pglite-worker.ts, 'dump'). */
describe('dumpDataDir on the database thread', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-dump-'));
    database = await openPglite(path.join(dir, 'pgdata'), { thread: true });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for an open transaction, so the copy holds whole transactions only, and loads back', async () => {
    let dumped: Promise<Blob> | undefined;
    let settled = false;
    await database.db.transaction(async (tx) => {
      await tx.insert(plans).values({ name: 'Half' });
      dumped = database.dumpDataDir?.();
      void dumped?.then(() => {
        settled = true;
      });
      await sleep(300);
      // Still waiting: copying now would take a transaction halfway.
      expect(settled).toBe(false);
      await tx.insert(plans).values({ name: 'Whole' });
    });
    const tarball = new Uint8Array(await ((await dumped) as Blob).arrayBuffer());
    expect(tarball.length).toBeGreaterThan(1_000_000);
    // The database goes on answering after the copy.
    expect(await database.ping()).toBe(true);

    const copy = path.join(dir, 'copy');
    await loadPgliteDump(tarball, copy);
    const reopened = await openPglite(copy, { thread: false });
    try {
      const names = (await reopened.db.select({ name: plans.name }).from(plans)).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Half', 'Whole']));
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
