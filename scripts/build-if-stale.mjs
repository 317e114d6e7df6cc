// Builds whatever is missing or older than its sources (for npm start and npm run admin).
import { spawnSync } from 'node:child_process';
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

export function ensureBuilt({ quiet = false } = {}) {
  if (!isStale()) return;
  if (!quiet) console.log('Building the app (first start, or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}
