import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';

const script = path.resolve(import.meta.dirname, '../web/scripts/precompress.mjs');
let dist;
const run = (...flags) =>
  execFileSync(process.execPath, [script, '--dist', dist, ...flags], { encoding: 'utf8' });
const appFile = () => path.join(dist, 'assets', 'app.js');

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(appFile(), 'export const answer = 42;\n'.repeat(400));
  fs.writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'export {};\n');
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

test('writes a brotli and a gzip copy of each text file worth it, and none of a tiny one', () => {
  expect(run()).toMatch(/^precompressed 1 files/);
  const original = fs.readFileSync(appFile());
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${appFile()}.br`))).toEqual(original);
  expect(zlib.gunzipSync(fs.readFileSync(`${appFile()}.gz`))).toEqual(original);
  expect(fs.existsSync(path.join(dist, 'assets', 'tiny.js.br'))).toBe(false);
});

test('a later run (npm start, in the background) keeps fresh copies, redoes stale ones and clears half-written ones', () => {
  run();
  const kept = fs.statSync(`${appFile()}.br`).mtimeMs;
  const partial = path.join(dist, 'assets', '.app.js.br.partial-123');
  fs.writeFileSync(partial, 'half');
  expect(run('--background')).toBe('');
  expect(fs.statSync(`${appFile()}.br`).mtimeMs).toBe(kept);
  expect(fs.existsSync(partial)).toBe(false);

  // A rebuilt file is newer than its copies: they are written again, from the new content.
  const later = new Date(Date.now() + 5000);
  fs.writeFileSync(appFile(), 'export const answer = 43;\n'.repeat(400));
  fs.utimesSync(appFile(), later, later);
  expect(run('--background')).toMatch(/^precompressed 1 files/);
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${appFile()}.br`)).toString()).toContain('43');
});
