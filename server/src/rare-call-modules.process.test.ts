import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * Libraries that only rare calls need (inspecting a service, an elevation profile, an upload,
 * setting a password): together ≈ 8.5 MB of every idle server's heap when the app imported
 * them at start-up.
 */
const rareCallLibraries = [
  'geotiff',
  'proj4',
  'fast-xml-parser',
  'geographiclib-geodesic',
  'csv-parse',
  'stream-json',
  '@zxcvbn-ts/language-common',
];

it('leaves the libraries of rare calls out of the server until a call needs them (memory, issue 26)', () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'geows-modules-')), 'loaded.txt');
  // Every module the app's import loads, as Node's loader sees it.
  const hooks = `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`;
  const app = new URL('./app.ts', import.meta.url).href;
  const script = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});
await import(${JSON.stringify(app)});`;
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  const loaded = fs.readFileSync(log, 'utf8');
  expect(loaded).toContain('/node_modules/drizzle-orm/');
  for (const library of rareCallLibraries) expect(loaded).not.toContain(`/node_modules/${library}/`);
});
