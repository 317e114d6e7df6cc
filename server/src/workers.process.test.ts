import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres } from './test/app.js';
import { linkIn, type MailServer, startMailServer } from './test/mail-server.js';

const serverRoot = path.resolve(import.meta.dirname, '..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The server processes under a supervisor: its children that run the server (not tsx's esbuild). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'src/main.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * WORKERS=2 on one PostgreSQL (issue 16, "Many processes"): two server processes share the
 * port; a token issued by one is accepted by the other, and a logout through either is
 * refused by both at once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('WORKERS=2 on one PostgreSQL', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let child: ChildProcess;
  let base: string;
  let mail: MailServer;
  let output = '';

  beforeAll(async () => {
    mail = await startMailServer();
    throwaway = await createThrowawayPostgres();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '2',
        DATABASE_URL: throwaway.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'geows-workers-')),
        SMTP_URL: mail.url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && childrenOf(child.pid as number).length === 2) break;
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await mail?.close();
    await throwaway?.drop();
  });

  const call = (pathname: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${base}${pathname}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        // A new connection per request, so that both processes answer in turn.
        connection: 'close',
        ...(init.token ? { authorization: `Token ${init.token}` } : {}),
      },
    });

  it('serves from two processes that share tokens and revoke them together', async () => {
    expect(childrenOf(child.pid as number)).toHaveLength(2);
    const user = { username: `w${randomBytes(3).toString('hex')}`, password: 'Correct-Horse-Battery-9' };
    const email = `${user.username}@example.org`;
    const registered = await call('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ ...user, email }),
    });
    expect(registered.status).toBe(201);
    const link = linkIn(await mail.nextMail(email, /Activate/), '/activation/');
    const [uid, token] = new URL(link).pathname.split('/').slice(2);
    expect((await call(`/api/activate/${uid}/${token}/`)).status).toBe(200);
    const login = await call('/auth/login/', { method: 'POST', body: JSON.stringify(user) });
    const { auth_token: authToken } = (await login.json()) as { auth_token: string };

    // Many requests, spread over both processes: every one knows the token.
    const before = await Promise.all(
      Array.from({ length: 12 }, () => call('/api/accounts', { token: authToken })),
    );
    expect(before.map((r) => r.status)).toEqual(Array(12).fill(200));

    expect((await call('/api/auth/logout', { token: authToken })).status).toBe(200);
    // After a NOTIFY's trip, neither process accepts it any more.
    await sleep(300);
    const after = await Promise.all(
      Array.from({ length: 12 }, () => call('/api/accounts', { token: authToken })),
    );
    expect(after.map((r) => r.status)).toEqual(Array(12).fill(401));
  });

  it('refuses WORKERS above 1 on the embedded database, saying why', () => {
    let message = '';
    try {
      execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        env: { ...process.env, WORKERS: '2', DATABASE_URL: '', PORT: '0' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      message = String((error as { stderr?: string }).stderr);
    }
    expect(message).toContain('WORKERS above 1 needs DATABASE_URL (PostgreSQL)');
  });
});
