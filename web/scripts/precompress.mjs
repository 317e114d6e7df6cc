#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of
// web/dist that is worth it, once, at the best compression level, so that the server sends the
// copy the browser accepts (@fastify/static's preCompressed) without compressing on each request.
// Node's own zlib does the work: no dependency is needed for 40 lines.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
/** Text that compresses; images, fonts in woff2 and source maps (fetched only by developer tools) do not count. */
const compressible = /\.(js|mjs|css|html|svg|json|wasm|txt|xml|glb|gltf|b3dm|geojson)$/i;
const minimumBytes = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

async function compress(file) {
  const data = await fs.readFile(file);
  if (data.length < minimumBytes) return { raw: 0, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves nothing is not written: the server then sends the file itself.
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
  return { raw: data.length, br: br.length, gz: gz.length };
}

const started = Date.now();
const queue = [];
for await (const file of files(dist)) queue.push(file);
const totals = { raw: 0, br: 0, gz: 0 };
// zlib runs on libuv's thread pool: a few files at a time keep both cores busy.
for (let i = 0; i < queue.length; i += 8) {
  for (const result of await Promise.all(queue.slice(i, i + 8).map(compress))) {
    totals.raw += result.raw;
    totals.br += result.br;
    totals.gz += result.gz;
  }
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `precompressed ${queue.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${mb(totals.raw)} MB → brotli ${mb(totals.br)} MB, gzip ${mb(totals.gz)} MB`,
);
