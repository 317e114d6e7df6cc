// Builds whatever is missing or older than its sources (for npm start and npm run admin).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, '.build-stamp');
const outputs = ['packages/contract/dist/index.js', 'server/dist/main.js', 'web/dist/index.html'];
const sources = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/src',
  'server/src',
  'server/migrations',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  // The prerender plugin and its runner (web/scripts/prerender-plugin.ts).
  'web/scripts',
];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  if (outputs.some((file) => !fs.existsSync(path.join(root, file)))) return true;
  const built = newestMtime(stamp);
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Runs `npm args…` and resolves with its exit status. */
const npm = (args, quiet) =>
  new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });

export async function ensureBuilt({ quiet = false } = {}) {
  if (!isStale()) return;
  if (!quiet) console.log('Building the app (first start, or sources changed)…');
  // The server's compile (one thread) and the web app's bundle (it reads the contract's
  // TypeScript itself) side by side: together they keep both cores of a small machine busy.
  // The web app comes without its compressed copies: start.mjs has them made in the
  // background (web/scripts/precompress.mjs), so a first start does not wait for brotli.
  const statuses = await Promise.all([
    npm(['run', 'build', '-w', 'packages/contract', '-w', 'server'], quiet),
    npm(['run', 'build:app', '-w', 'web'], quiet),
  ]);
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) {
    console.error('The build failed; see above.');
    process.exit(failed);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}
