import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const serverRoot = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts the real server (src/main.ts through tsx) as its own process on a free
 * port, the way `npm start` runs it, and waits until it answers.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'geows-proc-'));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let i = 0; i < 300; i++) {
    if (exitCode !== undefined) throw new Error(`Server exited with ${exitCode}: ${output}`);
    try {
      const { url, pid } = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { url?: string; pid: number };
      if (url && pid === child.pid) return { child, url, dataDir, output: () => output, exited };
    } catch {}
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not start: ${output}`);
}
