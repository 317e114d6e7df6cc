// `npm start`'s Node.js flags (package.json's "start" line): what they buy, and that the
// benchmarks' servers run with them too (scripts/start-flags.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { freePort, startServer } from './bench/server.mjs';
import { startNodeFlags } from './start-flags.mjs';

/** The young generation's size (MB) after a burst of short-lived objects, in a node with `flags`. */
function youngGenerationMb(flags) {
  const churn = `
    let batch = [];
    for (let i = 0; i < 3e6; i++) { batch.push({ i }); if (batch.length > 50000) batch = []; }
    const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(young.space_size / 2 ** 20);`;
  const run = spawnSync(process.execPath, [...flags, '-e', churn], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

test("npm start holds V8's young generation to a few MB (the embedded default's memory, issue 26)", () => {
  // V8's default grows it to 8–32 MB on a busy server and keeps that resident.
  expect(youngGenerationMb([])).toBeGreaterThanOrEqual(8);
  expect(youngGenerationMb(startNodeFlags())).toBeLessThanOrEqual(2);
});

test("the benchmarks' server from the sources runs with npm start's flags", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-start-flags-'));
  const server = await startServer(
    { PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    'source',
  );
  try {
    const argv = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(startNodeFlags().length).toBeGreaterThan(0);
    for (const flag of startNodeFlags()) expect(argv).toContain(flag);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
