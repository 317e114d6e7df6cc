import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` ('./parse-worker') beside `importer` (the caller's
 * `import.meta.url`): the built JavaScript in production, and from the sources (npm run dev,
 * Vitest) its TypeScript, loaded through tsx's loader registered inside the new thread (as
 * db/pglite-thread.ts does for the database's thread).
 */
export function startWorkerThread(importer: string, name: string, options: WorkerOptions = {}): Worker {
  if (!importer.endsWith('.ts')) return new Worker(new URL(`${name}.js`, importer), options);
  const tsxRoot = path.dirname(createRequire(importer).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const worker = new URL(`${name}.ts`, importer).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(worker)}))`;
  return new Worker(boot, { ...options, eval: true });
}
