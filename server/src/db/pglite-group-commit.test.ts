import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, isGroupableWrite, type Outcome } from './pglite-group-commit.js';

/** The group commit on its own, on an in-memory PGlite; pglite-thread.test.ts has it on the thread. */
describe('group commit', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec(`drop table if exists t; create table t (k int primary key, v text);
      drop table if exists d; create table d (k int unique deferrable initially deferred)`);
  });

  const xid = async () => Number((await db.query<{ x: string }>('select txid_current() as x')).rows[0]?.x);

  /** Adds every statement at once, as the worker does with what queued up, and waits for all answers. */
  function submit(statements: [string, unknown[]][]) {
    const group = createGroupCommit(db);
    return Promise.all(
      statements.map(([sql, params]) => new Promise<Outcome>((settle) => group.add({ sql, params, settle }))),
    );
  }

  it('commits writes that wait together in fewer transactions than writes', async () => {
    const before = await xid();
    const outcomes = await submit(
      Array.from({ length: 20 }, (_, i) => ['insert into t (k) values ($1)', [i]] as [string, unknown[]]),
    );
    const after = await xid();
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // The first runs alone at once; the other 19 arrive while it runs and share one COMMIT.
    // Each transaction that writes takes a transaction id (and a WAL flush to commit it).
    expect(after - before - 1).toBe(2);
    expect((await db.query('select k from t')).rows).toHaveLength(20);
  });

  it('answers a failing statement with its own error and commits the others of its group', async () => {
    await db.query('insert into t (k) values (100)');
    const outcomes = await submit([
      ['insert into t (k) values (1)', []],
      ['insert into t (k) values (2)', []],
      ['insert into t (k) values (100)', []],
      ['insert into t (k) values (3)', []],
      ['update t set v = $1 where k = 2 returning k', ['changed']],
      ['insert into t (k) values (3)', []],
      ['insert into t (k) values (4)', []],
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true, true, false, true]);
    for (const failed of [outcomes[2], outcomes[5]]) {
      expect(failed?.ok === false && (failed.error as { code?: string }).code).toBe('23505');
    }
    const updated = outcomes[4];
    expect(updated?.ok && updated.result.rows).toEqual([{ k: 2 }]);
    const rows = (await db.query<{ k: number; v: string | null }>('select k, v from t order by k')).rows;
    expect(rows).toEqual([
      { k: 1, v: null },
      { k: 2, v: 'changed' },
      { k: 3, v: null },
      { k: 4, v: null },
      { k: 100, v: null },
    ]);
  });

  it('runs a group again one by one when a deferred constraint fails its COMMIT', async () => {
    const outcomes = await submit([
      ['insert into d (k) values (0)', []],
      ['insert into d (k) values (1)', []],
      ['insert into d (k) values (2)', []],
      ['insert into d (k) values (1)', []],
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
    const last = outcomes[3];
    expect(last?.ok === false && (last.error as { code?: string }).code).toBe('23505');
    expect((await db.query('select k from d order by k')).rows).toEqual([{ k: 0 }, { k: 1 }, { k: 2 }]);
  });

  it('groups writes only: reads, and statements that cannot change rows, run as they come', () => {
    for (const sql of [
      'insert into t (k) values ($1)',
      '  UPDATE "workspaces" set "name" = $1',
      'delete from t where k = $1',
      'with "created" as (insert into "workspaces" ("name") values ($1) returning *) select * from "created"',
      'select * from workspace_create($1::integer, $2::integer, $3::text)',
    ]) {
      expect(isGroupableWrite(sql), sql).toBe(true);
    }
    for (const sql of [
      'select * from t',
      'select "updated_at", "deleted_at" from t',
      'with x as (select 1) select * from x',
      'select * from workspace_creators',
      'begin',
      'create table u (k int)',
      'vacuum t',
    ]) {
      expect(isGroupableWrite(sql), sql).toBe(false);
    }
  });
});
