import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PgliteStorage, pgliteThreadLimits } from './pglite-storage.js';

/** What the server's thread asks the database thread (db/pglite-worker.ts). */
export type ThreadRequest = {
  id: number;
  op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'close';
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** The transaction a statement belongs to, or which one begins or ends. */
  tx?: number;
  commit?: boolean;
};
export type ThreadReply = {
  id: number;
  result?: unknown;
  error?: { message: string } & Record<string, unknown>;
};

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
/** Drizzle's `parsers` (dates as text) are the worker's for every query (pglite-worker.ts). */
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
type Queryable = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
};
export type ThreadTransaction = Queryable & { rollback(): Promise<void>; readonly closed: boolean };

/**
 * The built worker (dist/db/pglite-worker.js); from the sources (npm run dev, Vitest) its
 * TypeScript, loaded through tsx's loader registered inside the new thread.
 */
function workerFor(options: PgliteStorage): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: options,
      resourceLimits: pgliteThreadLimits,
    });
  }
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const worker = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(worker)}))`;
  return new Worker(boot, { eval: true, workerData: options, resourceLimits: pgliteThreadLimits });
}

/** A PostgreSQL error as the worker sent it, with its code, detail and constraint as PGlite gives them. */
function toError(fields: NonNullable<ThreadReply['error']>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/**
 * The part of PGlite's interface that Drizzle and this server use (query, exec, transaction,
 * close), answered by PGlite on a worker thread. Statements of a transaction carry its id;
 * the worker holds PGlite's lock for the transaction's duration, so other statements wait,
 * exactly as with PGlite on this thread. Writes outside a transaction that arrive together
 * share one COMMIT there (pglite-group-commit.ts), each answered once it is on disk.
 */
export class PgliteThread implements Queryable {
  #worker: Worker;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #closed = false;
  #ready: Promise<unknown>;

  private constructor(options: PgliteStorage) {
    this.#worker = workerFor(options);
    this.#ready = new Promise((resolve, reject) => this.#pending.set(0, { resolve, reject }));
    this.#worker.on('message', (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error) pending.reject(toError(reply.error));
      else pending.resolve(reply.result);
    });
    const failAll = (error: Error) => {
      this.#closed = true;
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', failAll);
    this.#worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit code ${code})`)));
  }

  static async create(options: PgliteStorage): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.#ready;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed() {
    return this.#closed;
  }

  #send(request: Omit<ThreadRequest, 'id'>): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #statements(tx?: number): Queryable {
    return {
      query: (sql, params, options) =>
        this.#send({
          op: 'query',
          sql,
          params: params ?? [],
          ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
          ...(tx ? { tx } : {}),
        }) as Promise<Results>,
      exec: (sql) => this.#send({ op: 'exec', sql, ...(tx ? { tx } : {}) }) as Promise<Results[]>,
    };
  }

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#statements().query(sql, params, options);
  }

  exec(sql: string) {
    return this.#statements().exec(sql);
  }

  /** Commits when `callback` resolves, rolls back when it throws (or called rollback()). */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++;
    await this.#send({ op: 'begin', tx });
    let ended = false;
    const statements = this.#statements(tx);
    const guard = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const handle: ThreadTransaction = {
      query: async (sql, params, options) => {
        guard();
        return statements.query(sql, params, options);
      },
      exec: async (sql) => {
        guard();
        return statements.exec(sql);
      },
      rollback: async () => {
        guard();
        ended = true;
        await this.#send({ op: 'end', tx, commit: false });
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      if (!ended) {
        ended = true;
        await this.#send({ op: 'end', tx, commit: false }).catch(() => {});
      }
      throw error;
    }
    if (!ended) {
      ended = true;
      await this.#send({ op: 'end', tx, commit: true });
    }
    return result;
  }

  /**
   * The data directory as one uncompressed tarball, as PGlite's own dumpDataDir makes it:
   * a consistent copy taken between transactions (pglite-worker.ts), for backups.
   */
  async dumpDataDir(_compression: 'none' = 'none'): Promise<Blob> {
    const bytes = (await this.#send({ op: 'dump' })) as Uint8Array;
    return new Blob([bytes], { type: 'application/x-tar' });
  }

  async close() {
    if (this.#closed) return;
    await this.#send({ op: 'close' }).catch(() => {});
    this.#closed = true;
    await this.#worker.terminate();
  }
}
