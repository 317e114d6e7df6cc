#!/usr/bin/env node
// `npm run bench:first-start`: issue 24, item 13 — a fresh clone's first `npm start` should be
// healthy within 30 s on the project's 2-core machine. Printed, not asserted.
//
// It does to this checkout what a fresh clone has: no build outputs (dist folders, TypeScript's
// build info, the build stamp), then runs `npm start` on a fresh DATA_DIR and a free loopback
// port and times GET /healthz until 200, then how long the compressed copies of the web app
// (made in the background, web/scripts/precompress.mjs) take to appear. Leaves the checkout
// built. Close other work first: the figure is wall time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const targetSeconds = 30;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

for (const output of ['packages/contract/dist', 'server/dist', 'web/dist', '.build-stamp'])
  fs.rmSync(path.join(root, output), { recursive: true, force: true });
for (const info of ['packages/contract/tsconfig.tsbuildinfo', 'server/tsconfig.tsbuildinfo'])
  fs.rmSync(path.join(root, info), { force: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-first-start-'));
const port = await freePort();
const loadAtStart = os.loadavg()[0].toFixed(2);
const started = performance.now();
const server = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: 'ignore',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);

let healthy;
while (!healthy) {
  if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  if (answer?.ok) healthy = seconds(started);
  else await sleep(200);
}

// The largest file is compressed last-ish and longest: its copies mean the run is done.
const assets = path.join(root, 'web/dist/assets');
const largest = fs
  .readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0];
while (
  !fs.existsSync(path.join(assets, `${largest}.br`)) ||
  !fs.existsSync(path.join(assets, `${largest}.gz`))
)
  await sleep(500);
const compressed = seconds(started);
stop();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`first start (load average ${loadAtStart} at the start, ${os.cpus().length} cores)`);
console.log(
  `  healthy after ${healthy} s (target ≤ ${targetSeconds} s: ${Number(healthy) <= targetSeconds ? 'met' : 'NOT met'})`,
);
console.log(`  compressed copies of the web app done after ${compressed} s (in the background)`);
