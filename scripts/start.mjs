#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the
// server in this process (so SIGTERM and SIGINT reach it directly).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
await ensureBuilt();
// The web app's .br and .gz copies, made at low priority while the server already answers
// (it sends a file as it is until its copies exist); quick when they are there already.
const precompress = spawn(
  process.execPath,
  [path.join(root, 'web/scripts/precompress.mjs'), '--background'],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
precompress.on('error', (error) => console.error(`Compressing the web app failed: ${error.message}`));
process.on('exit', () => precompress.kill());
await import(path.join(root, 'server/dist/main.js'));
