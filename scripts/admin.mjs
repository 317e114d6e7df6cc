#!/usr/bin/env node
// `npm run admin -- <command>`: operator commands (docs/api.md, README.md). Builds the server only
// when it was never built: rebuilding the web app under a running server is not its job.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'server/dist/operator/admin.js');
if (!fs.existsSync(entry)) {
  const result = spawnSync('npm', ['run', 'build', '-w', 'packages/contract', '-w', 'server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(entry);
