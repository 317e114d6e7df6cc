#!/usr/bin/env node
// `npm run fuzz -- --runs N [--seed S] [--postgres]`: the API fuzzer of
// server/src/fuzz.api.test.ts with as many generated requests as asked (CI runs 2,000
// with a fixed seed). Without --seed a new seed is drawn and printed, so that a run
// that finds something can be replayed exactly.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage = `Usage: npm run fuzz -- [--runs N] [--seed S] [--postgres] [--no-shrink]

  --runs N      generated requests (default 10000)
  --seed S      replay a run (a failure prints its seed); default: a new one
  --postgres    on the PostgreSQL server of TEST_DATABASE_URL instead of PGlite
  --no-shrink   report the first failing request as found, without shrinking it`;

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      postgres: { type: 'boolean', default: false },
      'no-shrink': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const isInteger = (text) => /^-?\d{1,10}$/.test(text ?? '');
if (!isInteger(options.runs) || Number(options.runs) < 1) {
  console.error(`--runs needs a positive whole number, not "${options.runs}".\n\n${usage}`);
  process.exit(2);
}
if (options.seed !== undefined && !isInteger(options.seed)) {
  console.error(`--seed needs a whole number, not "${options.seed}".\n\n${usage}`);
  process.exit(2);
}
if (options.postgres && !process.env.TEST_DATABASE_URL) {
  console.error('--postgres needs TEST_DATABASE_URL (postgres://user@host:port/database).');
  process.exit(2);
}

const seed = options.seed ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`Fuzzing the API: ${options.runs} requests, seed ${seed} (replay with --seed ${seed}).`);

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    options.postgres ? 'server-postgres' : 'server',
    'server/src/fuzz.api.test.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: options.runs,
      FUZZ_SEED: seed,
      FUZZ_STATS: '1',
      ...(options['no-shrink'] ? { FUZZ_SHRINK: 'no' } : {}),
    },
  },
);
process.exit(result.status ?? 1);
