#!/usr/bin/env node
// `npm run admin -- <command>`: operator commands (RUNTIME.md). Builds first when needed.
import path from 'node:path';
import { ensureBuilt } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuilt({ quiet: true });
await import(path.join(root, 'server/dist/operator/admin.js'));
