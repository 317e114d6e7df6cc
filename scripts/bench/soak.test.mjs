// The soak's one-minute version (BENCHMARKS.md, "Soak", has the ten-minute figures). It runs on
// PGlite only: the embedded database lives inside the server process, so that is where memory or
// open files would pile up, and a second minute on PostgreSQL would double the suite's longest test.
// The server runs from server/src through tsx, as `npm test` runs Vitest before `npm run build`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const script = path.resolve(import.meta.dirname, 'soak.mjs');

function runSoak(env) {
  const childEnv = { ...process.env, SOAK_DATABASE_URL: '', BENCH_DATABASE_URL: '', ...env };
  // One server process: the figures are the listening process's.
  delete childEnv.WORKERS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

test('100 clients reading and writing for a minute: no error, no lost write, memory and open files held', async () => {
  const { code, output } = await runSoak({ SOAK_SERVER: 'source', SOAK_DURATION: '60', SOAK_WARMUP: '20' });
  const summary = JSON.parse(output.trim().split('\n').at(-1));
  expect(summary.failures, output).toEqual([]);
  expect(summary.settings).toMatchObject({ clients: 100, duration: 60 });
  expect(summary.errors).toBe(0);
  expect(summary.writes.lost).toBe(0);
  // Every kind of write happened and was read back, so a check that never ran cannot pass.
  for (const kind of [
    'workspace-create',
    'workspace-rename',
    'workspace-delete',
    'layer-add',
    'layer-move',
  ]) {
    expect(summary.calls[kind]?.requests, kind).toBeGreaterThan(0);
  }
  expect(summary.writes.checked).toBeGreaterThan(100);
  expect(summary.memory.growth).toBeLessThanOrEqual(0.2);
  expect(summary.openFiles.growth).toBeLessThanOrEqual(0.2);
  expect(code).toBe(0);
}, 300_000);
