import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError, lockAddress, lockPath, readLock } from './lock.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'geows-lock-'));

/** Another process that takes the lock of LOCK_DIR, says so, and keeps it (HOLD_MS, or until killed). */
const holderScript = `
const { acquireLock } = await import('./src/db/lock.ts');
// Starters told to begin together wait for the same instant.
await new Promise((resolve) => setTimeout(resolve, Number(process.env.START_AT ?? 0) - Date.now()));
try {
  await acquireLock(process.env.LOCK_DIR);
  process.stdout.write('held\\n');
  setTimeout(() => {}, Number(process.env.HOLD_MS ?? 600000));
} catch (error) {
  process.stdout.write((error.constructor.name === 'DataDirLockedError' ? 'refused' : String(error)) + '\\n');
}`;
const holderCommand = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', holderScript];

function startHolder(dir: string, { holdMs = 600_000, asGrandchild = false, startAt = 0 } = {}) {
  const env = { ...process.env, LOCK_DIR: dir, HOLD_MS: String(holdMs), START_AT: String(startAt) };
  // As a grandchild under a shell that then becomes `sleep`, nobody reaps the holder when it
  // dies: it stays a zombie, its pid still "alive" to kill(pid, 0).
  const quoted = holderCommand.map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  const child = asGrandchild
    ? spawn('sh', ['-c', `${quoted} & exec sleep 60`], {
        cwd: serverRoot,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(holderCommand[0] as string, holderCommand.slice(1), {
        cwd: serverRoot,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  const said = async () => {
    for (const started = Date.now(); !output.includes('\n'); await sleep(20))
      if (Date.now() - started > 20_000) throw new Error(`The holder said nothing (${output})`);
    return output.trim();
  };
  return { child, said };
}

/**
 * A zombie with all its threads gone: its leader shows state Z as soon as it exits, but the
 * descriptors (the lock socket among them) close only when the last thread has exited.
 */
function isFullyDeadZombie(pid: number): boolean {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
  } catch {
    return false;
  }
}

async function heldBy(dir: string) {
  return JSON.parse(fs.readFileSync(lockPath(dir), 'utf8')).pid as number;
}

describe('the DATA_DIR lock', () => {
  it('refuses while another live process holds it, naming the directory and its pid', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    expect(await holder.said()).toBe('held');
    const pid = await heldBy(dir);
    await expect(acquireLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireLock(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another server (pid ${pid}); stop it or choose another DATA_DIR`,
    );
    expect(await readLock(dir)).toMatchObject({ pid });
  });

  it('refuses a second lock in the same process, and frees the directory on release', async () => {
    const dir = tempDir();
    const lock = await acquireLock(dir);
    lock.update({ url: 'http://127.0.0.1:1234' });
    await expect(acquireLock(dir)).rejects.toThrow(`(pid ${process.pid})`);
    expect(await readLock(dir)).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:1234' });
    lock.release();
    expect(fs.existsSync(lockPath(dir))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'server.sock'))).toBe(false);
    expect(await readLock(dir)).toBeNull();
    (await acquireLock(dir)).release();
  });

  it('takes over a lock whose process died although its pid now belongs to a live process', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    expect(await holder.said()).toBe('held');
    holder.child.kill('SIGKILL');
    await new Promise((resolve) => holder.child.once('exit', resolve));
    // The socket file is left behind, and the pid in the lock now names a live process
    // (as after a container restart, where pids start again from 1).
    expect(fs.existsSync(path.join(dir, 'server.sock'))).toBe(true);
    for (const livePid of [process.ppid, 1]) {
      fs.writeFileSync(lockPath(dir), JSON.stringify({ pid: livePid, startedAt: '' }));
      expect(await readLock(dir)).toBeNull();
      const lock = await acquireLock(dir);
      expect(await heldBy(dir)).toBe(process.pid);
      lock.release();
      // Leave a dead socket file behind again for the next round.
      const again = startHolder(dir);
      expect(await again.said()).toBe('held');
      again.child.kill('SIGKILL');
      await new Promise((resolve) => again.child.once('exit', resolve));
    }
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock held by a killed process that is still a zombie',
    async () => {
      const dir = tempDir();
      const holder = startHolder(dir, { asGrandchild: true });
      expect(await holder.said()).toBe('held');
      const pid = await heldBy(dir);
      process.kill(pid, 'SIGKILL');
      for (const started = Date.now(); !isFullyDeadZombie(pid); await sleep(20))
        if (Date.now() - started > 10_000) throw new Error(`pid ${pid} never became a zombie`);
      // What the old lock trusted still says "alive".
      expect(() => process.kill(pid, 0)).not.toThrow();
      const lock = await acquireLock(dir);
      expect(await heldBy(dir)).toBe(process.pid);
      lock.release();
    },
  );

  it('lets exactly one of several starters take over a dead lock at the same moment', async () => {
    const dir = tempDir();
    const dead = startHolder(dir);
    expect(await dead.said()).toBe('held');
    dead.child.kill('SIGKILL');
    await new Promise((resolve) => dead.child.once('exit', resolve));
    const startAt = Date.now() + 3_000;
    const starters = Array.from({ length: 4 }, () => startHolder(dir, { holdMs: 5_000, startAt }));
    const outcomes = await Promise.all(starters.map((starter) => starter.said()));
    expect(outcomes.sort()).toEqual(['held', 'refused', 'refused', 'refused']);
  });

  it.runIf(process.platform === 'linux')(
    'locks a DATA_DIR whose path is too long for a socket file, through an abstract socket',
    async () => {
      const dir = path.join(tempDir(), 'a-directory-name-long-enough'.repeat(4));
      fs.mkdirSync(dir);
      expect(lockAddress(dir).startsWith('\0')).toBe(true);
      const lock = await acquireLock(dir);
      await expect(acquireLock(dir)).rejects.toThrow(DataDirLockedError);
      expect(await readLock(dir)).toMatchObject({ pid: process.pid });
      lock.release();
      expect(await readLock(dir)).toBeNull();
      (await acquireLock(dir)).release();
    },
  );
});
