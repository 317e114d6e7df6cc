import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { acquireLock, type DataDirLock } from '../db/lock.js';
import { seedReferenceData } from './reference-data.js';

export type OpenDatabase = {
  database: Database;
  /** The DATA_DIR lock held while the embedded database is open; null on PostgreSQL. */
  lock: DataDirLock | null;
  /** Closes the database, then releases the lock. */
  close(): Promise<void>;
};

/**
 * The database the configuration names — PostgreSQL at DATABASE_URL, or the embedded
 * one in DATA_DIR, which one process at a time holds with a lock — migrated and with
 * its reference data. The server and the operator command line both open it here.
 */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const lock = config.databaseUrl ? null : await acquireLock(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'pgdata'), { cacheMb: config.embeddedDbCacheMb });
    await seedReferenceData({ db: database.db, config });
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    lock,
    async close() {
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    },
  };
}
