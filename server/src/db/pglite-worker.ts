// The embedded database on a thread of its own (db/pglite-thread.ts talks to it): PGlite runs
// its SQL synchronously in WebAssembly, so on the server's thread every query would stop all
// HTTP work meanwhile; here the two overlap on two cores.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { createGroupCommit, isGroupableWrite, runStatement } from './pglite-group-commit.js';
import { type PgliteStorage, pgliteOptions } from './pglite-storage.js';
import type { ThreadReply, ThreadRequest } from './pglite-thread.js';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;

// Drizzle asks PGlite to leave dates as text (it parses them itself) on every query it sends.
// Functions cannot cross threads, so they are made here, and given once for the whole
// database: PGlite merges per-query parsers into its defaults on every query, which cost a
// third of a small query's time. Nothing else on this database wants dates parsed.
const asText = (value: string) => value;
const datesAsText = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (type) => [type, asText],
  ),
);

type Open = { tx: Transaction; end: (commit: boolean) => void };
const transactions = new Map<number, Open>();

/** The fields of a PostgreSQL error that callers read (code above all: 23505, 23503, …). */
function plainError(error: unknown) {
  const e = error as Record<string, unknown>;
  const fields = [
    'code',
    'detail',
    'constraint',
    'table',
    'column',
    'schema',
    'severity',
    'hint',
    'position',
  ];
  return {
    message: error instanceof Error ? error.message : String(error),
    ...Object.fromEntries(fields.filter((f) => e?.[f] !== undefined).map((f) => [f, e[f]])),
  };
}

/** A dump can be large: its bytes move to the server's thread instead of being copied. */
const reply = (message: ThreadReply) =>
  port.postMessage(
    message,
    message.result instanceof Uint8Array ? [message.result.buffer as ArrayBuffer] : [],
  );

let db: PGlite;
try {
  const { dataDir, ...sizing } = workerData as PgliteStorage;
  db = await PGlite.create({ ...pgliteOptions(dataDir, sizing), parsers: datesAsText });
} catch (error) {
  reply({ id: 0, error: plainError(error) });
  throw error;
}
reply({ id: 0, result: 'ready' });

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transactions.get(request.tx)?.tx : db;
      if (!target) throw new Error('Transaction is closed');
      return runStatement(target, {
        sql: request.sql ?? '',
        params: request.params,
        rowMode: request.rowMode,
      });
    }
    case 'exec': {
      const target = request.tx ? transactions.get(request.tx)?.tx : db;
      if (!target) throw new Error('Transaction is closed');
      return (await target.exec(request.sql ?? '')).map((r) => ({
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows,
      }));
    }
    case 'begin': {
      const txId = request.tx as number;
      // PGlite holds its lock for as long as this callback runs: other queries wait, as they
      // would for a transaction on the server's thread. Ending it commits or rolls back.
      return new Promise<void>((begun, failed) => {
        const done = db
          .transaction(
            (tx) =>
              new Promise<void>((resolve, reject) => {
                transactions.set(txId, {
                  tx,
                  end: (commit) => (commit ? resolve() : reject(new RollBack())),
                });
                begun();
              }),
          )
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
          })
          .finally(() => transactions.delete(txId));
        ends.set(txId, done);
        done.catch(failed);
      });
    }
    case 'end': {
      const txId = request.tx as number;
      transactions.get(txId)?.end(request.commit === true);
      await ends.get(txId);
      ends.delete(txId);
      return null;
    }
    case 'dump': {
      // The checkpoint leaves little WAL to replay when the copy is opened. The files are then
      // read while no transaction is open and none can begin (PGlite's transaction lock), so
      // the copy holds exactly the committed writes: what a clean stop would have left.
      await db.exec('CHECKPOINT');
      const tarball = await db._runExclusiveTransaction(() => db.dumpDataDir('none'));
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
  }
}

class RollBack extends Error {}
const ends = new Map<number, Promise<void>>();

// Writes outside a transaction go through the group commit; everything else as it comes.
// Before each group, what queued up while the last one flushed is taken off the port at
// once: its reads are sent ahead of the group, its writes join it.
const groupCommit = createGroupCommit(db, () => {
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    accept(queued.message as ThreadRequest);
  }
});

function accept(request: ThreadRequest) {
  if (request.op === 'query' && !request.tx && isGroupableWrite(request.sql ?? '')) {
    groupCommit.add({
      sql: request.sql ?? '',
      params: request.params,
      rowMode: request.rowMode,
      settle: (outcome) =>
        reply(
          outcome.ok
            ? { id: request.id, result: outcome.result }
            : { id: request.id, error: plainError(outcome.error) },
        ),
    });
    return;
  }
  handle(request).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) => reply({ id: request.id, error: plainError(error) }),
  );
}

port.on('message', accept);
