#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the
// server in this process (so SIGTERM and SIGINT reach it directly).
import path from 'node:path';
import { ensureBuilt } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuilt();
await import(path.join(root, 'server/dist/main.js'));
