#!/usr/bin/env node
// `npm run seed:bench -- FILE`: loads a benchmark tenant (../shared/RUNTIME.md, "Benchmark data")
// into DATA_DIR or DATABASE_URL, with the server stopped. Builds first when the build is stale,
// as `npm start` does.
import path from 'node:path';
import { ensureBuilt } from './build-if-stale.mjs';

await ensureBuilt();
await import(path.resolve(import.meta.dirname, '../server/dist/operator/seed-bench.js'));
