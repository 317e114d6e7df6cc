import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { acquireLock, readLock } from '../db/lock.js';
import { loadPgliteDump } from '../db/pglite-load.js';
import { describeRestoredKey, postgresRestoreAdvice } from './backup.js';
import { unpackBackup } from './backup-archive.js';
import { OperatorError } from './commands.js';

async function readBackupFile(file: string): Promise<Buffer> {
  try {
    return await fs.promises.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OperatorError(
      code === 'ENOENT' ? `No file ${file}` : `Cannot read ${file}: ${(error as Error).message}`,
    );
  }
}

/** The entries of DATA_DIR, or null when it does not exist. */
function entriesOf(dataDir: string): string[] | null {
  try {
    return fs.readdirSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new OperatorError(`Cannot read DATA_DIR ${dataDir}: ${(error as Error).message}`);
  }
}

/** Flushes every file and folder under `dir` to the disk: PGlite's own writes through its file system skip fsync. */
function syncTree(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) syncTree(path.join(dir, entry.name));
    else if (entry.isFile()) syncPath(path.join(dir, entry.name));
  }
  syncPath(dir);
}

function syncPath(target: string) {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * `restore FILE`: the backup into an empty or absent DATA_DIR, all or nothing. The file is
 * checked first; the database is then unpacked and opened in a directory inside DATA_DIR
 * (the same file system even when DATA_DIR is a mounted volume, which cannot be renamed)
 * and moved into place last, so a failure at any step leaves DATA_DIR as it was. The
 * DATA_DIR lock is held throughout: no server can start on it meanwhile.
 */
export async function restoreBackup(config: Config, file: string) {
  if (config.databaseUrl) throw new OperatorError(postgresRestoreAdvice(file));
  const contents = await unpackBackup(await readBackupFile(file), file);
  const { dataDir } = config;
  const owner = await readLock(dataDir);
  if (owner) {
    throw new OperatorError(
      `A server is running on DATA_DIR ${dataDir} (pid ${owner.pid}): restore into an empty DATA_DIR with no server`,
    );
  }
  const before = entriesOf(dataDir);
  if (before && before.length > 0) {
    throw new OperatorError(`DATA_DIR ${dataDir} is not empty: restore into an empty or new directory`);
  }
  const lock = await acquireLock(dataDir);
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  const moved: string[] = [];
  try {
    await loadPgliteDump(contents.pgdata, path.join(staging, 'pgdata')).catch((error: Error) => {
      throw new OperatorError(`The database in ${file} does not open: ${error.message}`);
    });
    if (contents.secretKey !== null) {
      fs.writeFileSync(path.join(staging, 'secret.key'), contents.secretKey, { mode: 0o600 });
    }
    syncTree(staging);
    // The database directory last: until it is in place, DATA_DIR holds no database at all.
    for (const name of contents.secretKey !== null ? ['secret.key', 'pgdata'] : ['pgdata']) {
      fs.renameSync(path.join(staging, name), path.join(dataDir, name));
      moved.push(name);
    }
    syncPath(dataDir);
  } catch (error) {
    for (const name of moved) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error instanceof OperatorError
      ? error
      : new OperatorError(`Restore failed, DATA_DIR left as it was: ${(error as Error).message}`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
    // A DATA_DIR this call created goes again, when nothing was restored into it (rmdir: only when empty).
    if (before === null && moved.length === 0) {
      try {
        fs.rmdirSync(dataDir);
      } catch {}
    }
  }
  return {
    restored: dataDir,
    backup: { createdAt: contents.manifest.createdAt, appVersion: contents.manifest.appVersion },
    secret_key: describeRestoredKey(contents.manifest, config),
  };
}
