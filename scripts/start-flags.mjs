// The Node.js flags `npm start` runs the server with, read from package.json's "start" line
// (`node <flags> scripts/start.mjs`): that line is the one place they are written, so that
// whatever starts the server some other way (the benchmarks' and the soak's built or source
// server) measures the process `npm start` runs.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function startNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const words = scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  const script = words.indexOf('scripts/start.mjs');
  if (node < 0 || script < node)
    throw new Error(`package.json's start is not "node [flags] scripts/start.mjs": ${scripts.start}`);
  return words.slice(node + 1, script);
}
