// `npm start`'s command line (package.json) puts glibc's malloc settings in the environment
// before `node` starts (the only time glibc reads them): run through sh as npm runs it, with a
// `node` that prints the environment it was given instead of starting the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const startCommand = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
let fakeBin;

beforeAll(() => {
  fakeBin = fs.mkdtempSync(path.join(os.tmpdir(), 'start-command-'));
  fs.writeFileSync(path.join(fakeBin, 'node'), '#!/bin/sh\necho "args: $*"\nenv\n', { mode: 0o755 });
});
afterAll(() => fs.rmSync(fakeBin, { recursive: true, force: true }));

function environmentOfStart(env) {
  const { MALLOC_ARENA_MAX: _a, MALLOC_MMAP_THRESHOLD_: _b, ...rest } = process.env;
  const run = spawnSync('sh', ['-c', startCommand], {
    cwd: root,
    env: { ...rest, ...env, PATH: `${fakeBin}:${process.env.PATH}` },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('npm start', () => {
  it('starts scripts/start.mjs with two malloc arenas and large blocks given back at once', () => {
    const output = environmentOfStart({});
    expect(output).toContain('args: scripts/start.mjs');
    expect(output).toMatch(/^MALLOC_ARENA_MAX=2$/m);
    expect(output).toMatch(/^MALLOC_MMAP_THRESHOLD_=131072$/m);
  });

  it('keeps the values an operator set', () => {
    const output = environmentOfStart({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(output).toMatch(/^MALLOC_ARENA_MAX=4$/m);
    expect(output).toMatch(/^MALLOC_MMAP_THRESHOLD_=65536$/m);
  });
});
