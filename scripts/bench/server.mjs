// The production server as the README starts it (`npm start` on a fresh DATA_DIR and a free
// loopback port), for the benchmarks: start, stop, its memory, and JSON calls to its API.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Resident memory (MB) of every process of the server's group: npm start's node, and any workers;
 * not npm itself, nor the web app's compression that start.mjs runs beside a fresh build for a
 * minute (web/scripts/precompress.mjs: a helper that exits, 100 MB while it runs).
 */
export function serverRssMb(group) {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('node') || cmdline.includes('npm') || cmdline.includes('precompress')) continue;
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

/**
 * How the server and the tenant's seed are run: `npm` as the README starts them (building what is
 * stale first), `dist` the built files as they are (a machine where others rebuild meanwhile),
 * `source` server/src through tsx (no build at all: what a test before `npm run build` can use).
 */
const commands = {
  npm: { start: ['npm', 'start'], seed: ['npm', 'run', '-s', 'seed:bench', '--'] },
  dist: {
    start: [process.execPath, 'server/dist/main.js'],
    seed: [process.execPath, 'server/dist/operator/seed-bench.js'],
  },
  source: {
    start: [process.execPath, '--conditions=source', '--import', 'tsx', 'server/src/main.ts'],
    seed: [process.execPath, '--conditions=source', '--import', 'tsx', 'server/src/operator/seed-bench.ts'],
  },
};

function commandOf(how, step) {
  const command = commands[how]?.[step];
  if (!command) throw new Error(`Unknown way to run the server: ${how} (npm, dist or source)`);
  return command;
}

export async function startServer(env, how = 'npm') {
  const [command, ...args] = commandOf(how, 'start');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await sleep(200);
  }
  return {
    url,
    rssMb: () => serverRssMb(child.pid),
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      for (let i = 0; i < 100 && child.exitCode === null; i++) await sleep(100);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    },
  };
}

export async function api(url, pathname, { token, method = 'GET', body } = {}) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** `npm run build`, unless BENCH_NO_BUILD=1; exits with the build's status when it fails. */
export function buildUnlessSkipped() {
  if (process.env.BENCH_NO_BUILD === '1') return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Loads a benchmark tenant file with `npm run seed:bench` into the database `env` names. */
export function seedTenant(env, tenantFile, how = 'npm') {
  const started = Date.now();
  const [command, ...args] = commandOf(how, 'seed');
  const seeded = spawnSync(command, [...args, tenantFile], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:bench failed:\n${seeded.stderr}`);
  console.log(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${seeded.stdout.trim().split('\n').at(-1)}`,
  );
}

/** Logs the tenant's bench user in: its token, its user and its own accounts, oldest first. */
export async function logInAsBench(url, { username, password }) {
  const { auth_token: token } = await api(url, '/auth/login/', {
    method: 'POST',
    body: { username, password },
  });
  const me = (await api(url, '/api/users', { token })).results[0];
  const accounts = (await api(url, '/api/accounts?page_size=1000', { token })).results;
  return { token, me, accounts: accounts.filter((a) => a.admin === me.id).sort((a, b) => a.id - b.id) };
}

/** Runs `run` with the URL of a new database on that PostgreSQL server (the user needs CREATEDB), dropped after. */
export async function withPostgresDatabase(serverUrl, run) {
  const { default: pg } = await import('pg');
  const name = `geows_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}
