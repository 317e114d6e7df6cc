import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PGlite is a single-process database: two servers writing the same files would corrupt
 * them. The owner of DATA_DIR listens on a Unix socket there (`server.sock`). The kernel
 * closes that socket the moment the process dies, whatever happens next to its pid (a
 * zombie not yet reaped, a pid recycled after a container restart), so "someone answers
 * on the socket" is the liveness test, never `kill(pid, 0)`. `server.lock` beside it is
 * information only: the owner's pid for the refusal message, and its URL for the operator
 * command line.
 */
export type LockInfo = { pid: number; startedAt: string; url?: string };

export class DataDirLockedError extends Error {}

export type DataDirLock = { update(info: Partial<LockInfo>): void; release(): void };

/** macOS allows 104 bytes in sun_path, Linux 108, both counting the final NUL. */
const maxSocketPathBytes = 103;
const turnTimeoutMs = 10_000;

export function lockPath(dataDir: string) {
  return path.join(dataDir, 'server.lock');
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;
const isAbstract = (address: string) => address.startsWith('\0');

/**
 * `DATA_DIR/server.sock`, or, when that path is too long for a socket address, a Linux
 * abstract socket named after the directory's real path. The file is preferred because it
 * is seen from every process that sees DATA_DIR, even in another network namespace (two
 * containers sharing a volume); an abstract name is seen within one network namespace
 * only. Other systems have no abstract names: there a long DATA_DIR is refused.
 */
export function lockAddress(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  const file = path.join(real, 'server.sock');
  if (Buffer.byteLength(file) <= maxSocketPathBytes) return file;
  if (process.platform === 'linux') return `\0geows-data-dir-${digest(real)}`;
  throw new DataDirLockedError(
    `DATA_DIR ${dataDir} is too long a path for its lock socket (${Buffer.byteLength(file)} bytes, at most ${maxSocketPathBytes}); choose a shorter DATA_DIR`,
  );
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 40);

function listenOn(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // A caller learns only that the owner is alive; its connection is closed at once.
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    // exclusive: a cluster worker must hold its own socket, not one shared through the primary.
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      // The lock must not keep a process alive that has nothing else left to do.
      server.unref();
      resolve(server);
    });
  });
}

/** True when a process listens on `address`: connected, or its queue is full (EAGAIN). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ path: address });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error) => {
      socket.destroy();
      const code = errorCode(error);
      if (code === 'ECONNREFUSED' || code === 'ENOENT') resolve(false);
      else if (code === 'EAGAIN') resolve(true);
      else reject(error);
    });
  });
}

/**
 * Taking over a dead owner's socket is "unlink, then bind": two starters doing it at once
 * could each unlink the other's fresh socket and both think they won. On Linux they take
 * turns through an abstract socket, which the kernel frees when its holder dies, so a
 * starter that dies mid-turn blocks nobody. Elsewhere (development on macOS) there is no
 * such name: two servers started in the same millisecond after a crash are not told apart.
 */
async function takeTurn(address: string): Promise<net.Server | null> {
  if (process.platform !== 'linux') return null;
  const name = `\0geows-data-dir-turn-${digest(address)}`;
  for (const started = Date.now(); ; await sleep(20)) {
    try {
      return await listenOn(name);
    } catch (error) {
      if (errorCode(error) !== 'EADDRINUSE') throw error;
      if (Date.now() - started > turnTimeoutMs) {
        throw new DataDirLockedError(`Could not lock DATA_DIR: another process kept its lock busy`);
      }
    }
  }
}

function readInfo(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

/** Written whole under another name, then renamed: a reader never sees half of it. */
function writeInfo(dataDir: string, info: LockInfo) {
  const temporary = `${lockPath(dataDir)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temporary, lockPath(dataDir));
}

function lockedBy(dataDir: string): DataDirLockedError {
  const pid = readInfo(dataDir)?.pid ?? 'unknown';
  return new DataDirLockedError(
    `DATA_DIR ${dataDir} is in use by another server (pid ${pid}); stop it or choose another DATA_DIR`,
  );
}

/** Binds the lock socket, taking it over when its owner died; refuses while the owner lives. */
async function claim(dataDir: string, address: string): Promise<net.Server> {
  try {
    return await listenOn(address);
  } catch (error) {
    if (errorCode(error) !== 'EADDRINUSE') throw error;
  }
  if (await answers(address)) throw lockedBy(dataDir);
  // Nobody answers: the owner died and the kernel closed its socket; only the file is left.
  if (!isAbstract(address)) fs.rmSync(address, { force: true });
  return listenOn(address);
}

/** Holds DATA_DIR for this process until release() or the process's death, whichever comes first. */
export async function acquireLock(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  const turn = await takeTurn(address);
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  let server: net.Server;
  try {
    server = await claim(dataDir, address);
    try {
      // Within the turn, so that a starter refused right after this one reads this pid.
      writeInfo(dataDir, info);
    } catch (error) {
      server.close();
      throw error;
    }
  } finally {
    turn?.close();
  }
  let released = false;
  return {
    update(extra) {
      if (released) return;
      info = { ...info, ...extra };
      writeInfo(dataDir, info);
    },
    release() {
      if (released) return;
      released = true;
      // The information goes first: once the socket closes, a new owner may write its own.
      fs.rmSync(lockPath(dataDir), { force: true });
      // Closing also unlinks the socket file (libuv does it before closing the descriptor).
      server.close();
    },
  };
}

/** The running server's lock information, or null when no live process holds DATA_DIR. */
export async function readLock(dataDir: string): Promise<LockInfo | null> {
  let address: string;
  try {
    address = lockAddress(dataDir);
  } catch {
    return null;
  }
  if (!(await answers(address))) return null;
  return readInfo(dataDir);
}
