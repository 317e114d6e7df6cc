import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Starts the real server (src/main.ts through tsx) as its own process, the way `npm start`
 * runs it, and waits until it answers. On the embedded database it takes any free port and
 * is found through its lock file; on PostgreSQL (DATABASE_URL) there is no lock file, so it
 * gets a free port chosen here and is found when /healthz answers.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'geows-proc-'));
  const port = env.DATABASE_URL ? String(await freePort()) : '0';
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, DATA_DIR: dataDir },
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
  const started = (url: string) => ({ child, url, dataDir, output: () => output, exited });
  const lockFile = path.join(dataDir, 'server.lock');
  // Generous: on two cores shared with browser journeys, a first start (initdb) took 37 s.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (exitCode !== undefined) throw new Error(`Server exited with ${exitCode}: ${output}`);
    if (env.DATABASE_URL) {
      const url = `http://127.0.0.1:${port}`;
      const healthy = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return started(url);
    } else {
      try {
        const { url, pid } = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { url?: string; pid: number };
        if (url && pid === child.pid) return started(url);
      } catch {}
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not start: ${output}`);
}
