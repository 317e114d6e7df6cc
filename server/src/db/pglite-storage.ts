import fs from 'node:fs';
import v8 from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * How the embedded database keeps an acknowledged commit, measured on PGlite 0.5 (see the
 * README, "Durability"). Out of the box it cannot survive a power cut:
 * - PGlite starts PostgreSQL with `-F` (fsync off), and a command-line option outranks
 *   `fsync = on` in postgresql.conf, so PostgreSQL never even asks for an fsync;
 * - Emscripten's NODEFS, which maps PostgreSQL's files onto DATA_DIR, has no fsync at all:
 *   fsync() returns success without a system call, and fdatasync() is a no-op outright.
 * Writes themselves are plain synchronous write(2)s, so a commit is in the kernel's page
 * cache before the query resolves: a crash of the process (SIGKILL, OOM kill) loses
 * nothing; a crash of the machine could.
 */

type EmscriptenStream = { nfd: number };
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };

/** NODEFS with an fsync that reaches the disk: fsync(2) on the file's real descriptor. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const syncToDisk = (module: EmscriptenModule) => {
      module.NODEFS.stream_ops.fsync = (stream) => {
        fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncToDisk] } };
  }
}

/**
 * The embedded database's page cache (PostgreSQL's shared_buffers) unless EMBEDDED_DB_CACHE_MB
 * says otherwise, sized for one organisation: resident from the first second whatever the
 * database holds (below), so every megabyte is paid for by every install. The benchmark's
 * tenant, a large organisation (4,000 workspaces, 10,000 data sources), is 32 MB of tables and
 * indexes; its calls read no slower at 16 MB than held whole (BENCHMARKS.md, interleaved runs:
 * a page missed is read from the operating system's file cache), for 16–18 MB less resident.
 */
export const defaultCacheMb = 16;

/** How much memory the embedded database may hold (config.ts, EMBEDDED_DB_CACHE_MB). */
export type PgliteSizing = { cacheMb?: number };

/** What the database's thread needs to open it (db/pglite-thread.ts): plain data, sent to it as is. */
export type PgliteStorage = { dataDir?: string } & PgliteSizing;

/**
 * PostgreSQL's memory inside PGlite's WebAssembly heap, which grows but never shrinks: what
 * it allocates at its peak stays resident for the life of the process. PGlite zeroes its
 * shared memory when it starts, so shared_buffers is resident from the first second (at
 * PostgreSQL's default of 128 MB, a third of the server's idle memory). The rest is sized for
 * one organisation on a laptop: a handful of connection slots (PGlite runs one backend; the
 * default 100 slots' lock tables and process entries cost 13 MB), index builds and vacuums in
 * 16 MB before they spill to disk.
 */
function sizingConf({ cacheMb = defaultCacheMb }: PgliteSizing): string[] {
  return [`shared_buffers = ${cacheMb}MB`, 'max_connections = 5', 'maintenance_work_mem = 16MB'];
}

/**
 * PostgreSQL's WebAssembly compiled by V8's baseline compiler (Liftoff) only. By default V8
 * recompiles its hot functions with TurboFan on background threads, whose scratch memory then
 * stays in glibc's malloc arenas: 30–50 MB resident for the life of the process. What it buys
 * was not measurable per request (CPU per request of the benchmark's data source and workspace
 * lists, interleaved runs: within ±7 % either way; a tight loop of small queries: 3–7 % more
 * CPU, and a third less while warming up). V8's flags are the process's, so this runs before
 * the database's module is compiled, and a database opened later in the process compiles the same.
 */
export function compileDatabaseBaselineOnly() {
  v8.setFlagsFromString('--liftoff-only');
}

/**
 * The server's JavaScript heap when it shares its process with the embedded database. After
 * each full collection V8 lets the old generation grow up to 4× what survived (×1.1 to ×4 by
 * how fast it collects) before the next: under the benchmark's mixed reads the main thread's
 * heap reached 160–190 MB for about 45 MB live, each request's promoted garbage resident until
 * then. Growing by half kept the server at 275–282 MB under that load instead of 313–372 MB;
 * CPU per request of the data source and workspace lists 2–4 % more, within the noise of the
 * loaded machine (by a quarter: 264–281 MB, but 5–8 % more CPU). V8 reads the factor at every
 * full collection, so setting it once the process has started is enough. PostgreSQL servers
 * keep V8's default: their memory target is met without it.
 */
export function growHeapByHalf() {
  v8.setFlagsFromString('--heap-growing-percent=50');
}

/**
 * The database thread's JavaScript heap: its young generation is where each result's rows are
 * built before they are copied to the server's thread, garbage a moment later. V8's default
 * lets it grow to 32 MB (and keeps that resident); 12 MB of young generation (an 8 MB new
 * space) serve as well.
 */
export const pgliteThreadLimits = { maxYoungGenerationSizeMb: 12 };

/**
 * PGlite's options for a database in `dataDir`: fsync on for real, and the WAL flushed with
 * fsync() (the one call that now reaches the disk; `fdatasync`, PostgreSQL's default on
 * Linux, stays a no-op in Emscripten), and its memory sized (sizingConf). In memory (no
 * `dataDir`, the tests) none of it applies.
 */
export function pgliteOptions(dataDir?: string, sizing: PgliteSizing = {}): PGliteOptions {
  if (!dataDir) return {};
  return {
    fs: new SyncingNodeFS(dataDir),
    relaxedDurability: false,
    startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
    postgresqlconf: [
      'fsync = on',
      'synchronous_commit = on',
      'full_page_writes = on',
      'wal_sync_method = fsync',
      ...sizingConf(sizing),
    ],
  };
}
