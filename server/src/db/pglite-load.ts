import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-storage.js';

/**
 * Unpacks a tarball that dumpDataDir made into `dataDir` (new), the way PGlite reads it
 * back, and proves it opens as this product's database: PostgreSQL starts on it and the
 * migrations table answers. Closed cleanly afterwards, so the next start needs no recovery.
 */
export async function loadPgliteDump(tarball: Uint8Array, dataDir: string): Promise<void> {
  let database: PGlite | undefined;
  try {
    // The same storage as the server's (fsync that reaches the disk), so the restored
    // database's first checkpoint is durable before the restore reports success.
    database = await PGlite.create({
      ...pgliteOptions(dataDir),
      loadDataDir: new Blob([tarball], { type: 'application/x-tar' }),
    });
    await database.query('select count(*) from drizzle.__drizzle_migrations');
  } finally {
    await database?.close().catch(() => {});
  }
}
