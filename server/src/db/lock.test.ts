import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError, lockPath } from './lock.js';

describe('the DATA_DIR lock', () => {
  it('refuses a second live owner with a message naming the directory and the pid', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-lock-'));
    // A live process other than this one holds the lock: our parent.
    fs.writeFileSync(lockPath(dir), JSON.stringify({ pid: process.ppid, startedAt: '' }));
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireLock(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another server (pid ${process.ppid})`,
    );
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(lockPath(dir), JSON.stringify({ pid: Number(dead.stdout.toString()), startedAt: '' }));
    const lock = acquireLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockPath(dir))).toBe(false);
  });
});
