#!/usr/bin/env node
// `npm test`: every suite — unit and API tests (Vitest; the API tests also on
// PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys (Playwright on
// the production build). Ends with one line "N passed, M failed" over all suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-test-'));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let failedSteps = 0;
let passed = 0;
let failed = 0;
// Named again just above the last line: CI keeps only the end of the output.
const failedNames = [];

function count(file, read) {
  try {
    const result = read(JSON.parse(fs.readFileSync(file, 'utf8')));
    passed += result.passed;
    failed += result.failed;
    return true;
  } catch {
    return false;
  }
}

// 1. Unit and API tests.
const vitestReport = path.join(reports, 'vitest.json');
if (
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]) !== 0
) {
  failedSteps++;
}
if (
  !count(vitestReport, (r) => {
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) failedNames.push(`${where} › ${test.fullName}`);
      if (file.status === 'failed' && failedTests.length === 0) failedNames.push(`${where}: ${file.message}`);
    }
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numTotalTestSuites ? 0 : 1),
    };
  })
) {
  failed++;
}

// 2. Browser journeys on the production build, started the README's way.
if (run('npm', ['run', 'build']) !== 0) {
  failedSteps++;
  failed++;
} else {
  const playwrightReport = path.join(reports, 'playwright.json');
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'web/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  if (status !== 0) failedSteps++;
  const readPlaywright = (r) => {
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected')
            failedNames.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of r.suites ?? []) visit(suite);
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
  };
  if (!count(playwrightReport, readPlaywright)) failed++;
}

fs.rmSync(reports, { recursive: true, force: true });
if (failedSteps > 0 && failed === 0) failed = failedSteps;
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
