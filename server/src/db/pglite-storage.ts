import fs from 'node:fs';
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
 * PGlite's options for a database in `dataDir`: fsync on for real, and the WAL flushed with
 * fsync() (the one call that now reaches the disk; `fdatasync`, PostgreSQL's default on
 * Linux, stays a no-op in Emscripten). In memory (no `dataDir`, the tests) none of it applies.
 */
export function pgliteOptions(dataDir?: string): PGliteOptions {
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
    ],
  };
}
