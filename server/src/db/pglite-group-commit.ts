// Group commit for the embedded database. PGlite has one connection, so concurrent commits
// run one after another, and with fsync on each waits for a WAL flush of its own: under load
// the flushes, not the SQL, set the pace. Autocommit writes that wait together here share one
// transaction and one flush, and every caller is answered only after that COMMIT returned, so
// an acknowledged write is on disk exactly as before.
import type { PGlite, Transaction } from '@electric-sql/pglite';

export type Statement = { sql: string; params?: unknown[]; rowMode?: 'array' | 'object' };
export type Outcome = { ok: true; result: QueryResult } | { ok: false; error: unknown };
export type QueryResult = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
export type Write = Statement & { settle: (outcome: Outcome) => void };

/**
 * The database functions the app calls that write (from the migrations; not trigger functions,
 * which run inside the write that fires them). A call of one is a write like an INSERT, which
 * outside a group would wait for a WAL flush of its own. A test holds this list to the migrations.
 */
export const writingDatabaseFunctions: readonly string[] = ['workspace_create'];

const writingFunctionCall = new RegExp(
  `^\\s*select\\b[^;]*\\bfrom\\s+"?(?:${writingDatabaseFunctions.join('|')})"?\\s*\\(`,
  'i',
);

/**
 * Whether a statement outside a transaction changes rows and may join a group. A read never
 * does: it would wait for a flush it does not need. Guessing wrong is safe either way: a
 * write taken for a read runs alone, as before; a read taken for a write runs in the group
 * and is answered after its COMMIT, so it never acts on a write that might still fail.
 */
export function isGroupableWrite(sql: string): boolean {
  return (
    (/^\s*(insert|update|delete|with)\b/i.test(sql) && /\b(insert|update|delete)\b/i.test(sql)) ||
    writingFunctionCall.test(sql)
  );
}

export async function runStatement(target: PGlite | Transaction, statement: Statement): Promise<QueryResult> {
  const result = await target.query(
    statement.sql,
    statement.params ?? [],
    statement.rowMode ? { rowMode: statement.rowMode } : undefined,
  );
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

const settle = async (write: Write, run: () => Promise<QueryResult>) => {
  try {
    write.settle({ ok: true, result: await run() });
  } catch (error) {
    write.settle({ ok: false, error });
  }
};

const isIntegrityError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('23');

class FailedInGroup extends Error {
  constructor(readonly write: Write) {
    super('A statement of the group failed');
  }
}

/**
 * Runs `writes` in one transaction and answers them after its COMMIT. Without savepoints at
 * first (they cost two more statements each); when one fails, it gets its own error, the
 * group rolls back and the others run again, each under a savepoint so that a failure undoes
 * only its own statement. A failed BEGIN or COMMIT (an I/O error flushing the WAL) leaves
 * none of them known to be on disk: every caller of the group gets that error, unless it was
 * a deferred constraint (then each runs again alone).
 */
async function commitTogether(db: PGlite, writes: Write[], savepoints = false): Promise<void> {
  if (writes.length === 0) return;
  const [only] = writes;
  if (only && writes.length === 1) return settle(only, () => runStatement(db, only));
  const outcomes = new Map<Write, Outcome>();
  try {
    await db.transaction(async (tx) => {
      for (const write of writes) {
        if (savepoints) await tx.exec('savepoint grouped');
        try {
          outcomes.set(write, { ok: true, result: await runStatement(tx, write) });
        } catch (error) {
          outcomes.set(write, { ok: false, error });
          if (!savepoints) throw new FailedInGroup(write);
          await tx.exec('rollback to savepoint grouped');
        }
        if (savepoints) await tx.exec('release savepoint grouped');
      }
    });
  } catch (error) {
    if (error instanceof FailedInGroup) {
      const failed = outcomes.get(error.write);
      if (failed) error.write.settle(failed);
      return commitTogether(
        db,
        writes.filter((write) => write !== error.write),
        true,
      );
    }
    // A deferred constraint checked at COMMIT rolled everything back: nothing of the group was
    // written, and each write alone finds out whether it was the one that broke it.
    if (isIntegrityError(error)) {
      for (const write of writes) await settle(write, () => runStatement(db, write));
      return;
    }
    for (const write of writes) write.settle({ ok: false, error });
    return;
  }
  for (const write of writes) {
    const outcome = outcomes.get(write);
    if (outcome) write.settle(outcome);
  }
}

/**
 * Collects writes while a group runs and commits them as the next group. `collect` is called
 * before each group starts and hands over what has queued up meanwhile (the worker drains its
 * port there), so a group holds every write waiting at that moment and nothing waits for a
 * timer: at low load each write runs alone at once.
 */
export function createGroupCommit(db: PGlite, collect: () => void = () => {}) {
  const waiting: Write[] = [];
  let running = false;

  async function run() {
    running = true;
    try {
      for (;;) {
        collect();
        if (waiting.length === 0) return;
        await commitTogether(db, waiting.splice(0));
      }
    } finally {
      running = false;
    }
  }

  return {
    add(write: Write) {
      waiting.push(write);
      if (!running) void run();
    },
  };
}
