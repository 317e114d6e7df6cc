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

  /** Raw SQL through the thread, as Drizzle sends it. */
  const run = (statement: ReturnType<typeof sql>) =>
    database.db.execute(statement) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
  const xid = async () => Number((await run(sql`select txid_current() as x`)).rows[0]?.x);

  it('commits concurrent writes in fewer transactions (and WAL flushes) than writes', async () => {
    await run(sql`create table grouped (k int primary key)`);
    const before = await xid();
    await Promise.all(Array.from({ length: 40 }, (_, k) => run(sql`insert into grouped (k) values (${k})`)));
    const commits = (await xid()) - before - 1;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(20);
    expect((await run(sql`select count(*)::int as n from grouped`)).rows[0]?.n).toBe(40);
  });

  it('gives a failing write of a group its own error and keeps reads out of the group', async () => {
    await run(sql`create table deferred (k int unique deferrable initially deferred)`);
    await run(sql`insert into deferred (k) values (0)`);
    const ones = sql`select count(*) filter (where k = 1)::int as n from deferred`;
    const settled = await Promise.allSettled([
      run(sql`insert into deferred (k) values (1)`),
      run(sql`insert into deferred (k) values (1)`),
      run(ones),
      run(sql`insert into deferred (k) values (2)`),
      run(ones),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(isUniqueViolation((settled[1] as PromiseRejectedResult).reason)).toBe(true);
    // A read inside the group would have seen both uncommitted ones before COMMIT refused them.
    for (const read of [settled[2], settled[4]]) {
      const n = (read as PromiseFulfilledResult<{ rows: { n: number }[] }>).value.rows[0]?.n;
      expect(n).toBeLessThanOrEqual(1);
    }
    expect((await run(sql`select k from deferred order by k`)).rows).toEqual([{ k: 0 }, { k: 1 }, { k: 2 }]);
  });

  it('makes a write from outside wait for an open transaction instead of joining it', async () => {
    let outside: Promise<string> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.insert(plans).values({ name: 'Inside again' });
        outside = database.db
          .insert(plans)
          .values({ name: 'Outside' })
          .then(() => 'written');
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await outside).toBe('written');
    const names = (await database.db.select({ name: plans.name }).from(plans)).map((p) => p.name);
    expect(names).toContain('Outside');
    expect(names).not.toContain('Inside again');
  });
});
