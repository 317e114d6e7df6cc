import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.js';

/** Sends a request whose body arrives in two parts, with `between` run in the gap. */
function slowRequest(url: string, path: string, body: string, between: () => Promise<void>): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
    socket.on('connect', async () => {
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
      await between();
      socket.write(body.slice(half));
    });
  });
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  for (const started = Date.now(); !condition(); await sleep(50))
    if (Date.now() - started > timeoutMs) throw new Error('The server never logged the request');
}

describe('graceful shutdown', () => {
  it('finishes a write in flight on SIGTERM, then exits 0 with the database closed and the lock released', async () => {
    // At debug level the log says when a request has arrived, before it is answered.
    const server = await startServerProcess({ LOG_LEVEL: 'debug' });
    const registration = {
      username: 'sigterm_survivor',
      email: 'survivor@example.org',
      password: 'Correct-Horse-Battery-9',
    };
    const response = await slowRequest(
      server.url,
      '/api/auth/register',
      JSON.stringify(registration),
      async () => {
        // In flight means the server has the request (its log says so), not just the bytes
        // in a socket: on a loaded machine the headers can still be unread when SIGTERM comes.
        await until(() => /"url":"\/api\/auth\/register".*"msg":"incoming request"/.test(server.output()));
        server.child.kill('SIGTERM');
        await sleep(500);
        // Once SIGTERM arrived, no new connection is accepted.
        await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
      },
    );
    // The request that was in flight got its complete answer, not a reset connection.
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response).toContain('"username":"sigterm_survivor"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped cleanly');
    expect(fs.existsSync(path.join(server.dataDir, 'server.lock'))).toBe(false);

    // The database reopens cleanly in the same DATA_DIR.
    // …and what it wrote is there after a restart in the same DATA_DIR.
    const again = await startServerProcess({ DATA_DIR: server.dataDir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    const login = await fetch(`${again.url}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: registration.username, password: registration.password }),
    });
    expect(await login.json()).toEqual({ error: expect.stringMatching(/not active yet/) });
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 150_000);

  it('refuses a second server on the same DATA_DIR with a clear one-line error', async () => {
    const first = await startServerProcess();
    await expect(startServerProcess({ DATA_DIR: first.dataDir })).rejects.toThrow(
      /Server exited with 1: DATA_DIR .* is in use by another server \(pid \d+\)/,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 150_000);

  it('stops with a one-line error naming a bad configuration variable', async () => {
    await expect(startServerProcess({ PORT: 'eighty' })).rejects.toThrow(
      /Server exited with 1: Invalid configuration: PORT must be a whole number/,
    );
  }, 150_000);
});
