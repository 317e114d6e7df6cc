import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two servers writing the same files would
 * corrupt them. The lock file names the owner so a second process can stop with a
 * clear message, and a lock left by a crashed process is taken over.
 */
export type LockInfo = { pid: number; startedAt: string; url?: string };

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPath(dataDir: string) {
  return path.join(dataDir, 'server.lock');
}

export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' && isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export type DataDirLock = { update(info: Partial<LockInfo>): void; release(): void };

export function acquireLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        update(extra) {
          info = { ...info, ...extra };
          fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
        },
        release() {
          if (released) return;
          released = true;
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLock(dataDir);
      if (owner && owner.pid !== process.pid) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another server (pid ${owner.pid}); stop it or choose another DATA_DIR`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
