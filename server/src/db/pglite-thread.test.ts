import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/errors.js';
import { type Database, openPglite } from './client.js';
import { plans } from './schema.js';

/** The embedded database on its own thread (pglite-thread.ts), as `npm start` opens it. */
describe('PGlite on a worker thread', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-thread-'));
    database = await openPglite(path.join(dir, 'pgdata'), { thread: true });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, writes and reads through Drizzle, with dates and JSON as on this thread', async () => {
    const [row] = await database.db.insert(plans).values({ name: 'Thread' }).returning();
    expect(row).toMatchObject({ name: 'Thread', isDefault: false });
    const [read] = await database.db.select().from(plans).where(eq(plans.name, 'Thread'));
    expect(read?.id).toBe(row?.id);
    const result = await database.db.execute(
      sql`select now() as at, '{"a":[1,2]}'::jsonb as doc, count(*) as n from plans`,
    );
    const first = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(first?.doc).toEqual({ a: [1, 2] });
    expect(typeof first?.at === 'string' || first?.at instanceof Date).toBe(true);
    expect(await database.ping()).toBe(true);
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(plans).values({ name: 'Committed' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(plans).values({ name: 'Rolled back' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const names = (await database.db.select({ name: plans.name }).from(plans)).map((p) => p.name);
    expect(names).toContain('Committed');
    expect(names).not.toContain('Rolled back');
  });

  it('passes PostgreSQL error codes through, so a unique violation is recognised', async () => {
    const error = await database.db
      .insert(plans)
      .values({ name: 'Committed' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    // The database goes on answering after an error.
    expect(await database.ping()).toBe(true);
  });

  it('makes other statements wait for an open transaction instead of running inside it', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.insert(plans).values({ name: 'Inside' });
        outside = database.db
          .select()
          .from(plans)
          .where(eq(plans.name, 'Inside'))
          .then((rows) => {
            outsideDone = true;
            return rows;
          });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(outsideDone).toBe(false);
        throw new Error('undo');
      })
      .catch(() => {});
    // It ran after the rollback: it sees no row.
    expect(await outside).toEqual([]);
  });
});
