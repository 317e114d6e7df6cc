#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of web/dist that is worth
// it, at the best compression level, so that the server sends the copy the browser accepts
// (@fastify/static's preCompressed) without compressing on each request. Node's own zlib does
// the work: no dependency is needed for this.
//
// `npm run build` runs it after `vite build`. `npm start` does not wait for it: brotli's best
// level takes half a minute of both cores here (6 s for Cesium's chunk alone), so start.mjs
// runs it in the background with `--background` once the server listens, and the server sends
// a file as it is until its copies exist. Each copy appears whole (written beside, then
// renamed) and a copy newer than its file is kept, so a run that was stopped simply goes on.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const background = process.argv.includes('--background');
// Before the first zlib call: the thread pool's threads take the priority they are started with.
if (background) os.setPriority(19);

const distFlag = process.argv.indexOf('--dist');
const dist =
  distFlag > 0 ? path.resolve(process.argv[distFlag + 1]) : path.resolve(import.meta.dirname, '../dist');
/** Text that compresses; images, fonts in woff2 and source maps (fetched only by developer tools) do not count. */
const compressible = /\.(js|mjs|css|html|svg|json|wasm|txt|xml|glb|gltf|b3dm|geojson)$/i;
const minimumBytes = 1024;
/** A copy being written: a dot file, which the server never sends. */
const partial = /^\..*\.(br|gz)\.partial-\d+$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (partial.test(entry.name)) await fs.rm(full, { force: true });
    else if (compressible.test(entry.name)) yield full;
  }
}

const mtime = (file) =>
  fs.stat(file).then(
    (stat) => stat.mtimeMs,
    () => 0,
  );

async function writeWhole(file, data) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

async function compress(file) {
  const data = await fs.readFile(file);
  if (data.length < minimumBytes) return { raw: 0, br: 0, gz: 0, done: 1 };
  // A file whose copies exist and are newer was compressed by an earlier run (or decided
  // incompressible: then neither exists, which costs a second look, not a wrong answer).
  const modified = await mtime(file);
  if ((await mtime(`${file}.br`)) > modified && (await mtime(`${file}.gz`)) > modified)
    return { raw: 0, br: 0, gz: 0, done: 1 };
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
  if (br.length < data.length) await writeWhole(`${file}.br`, br);
  if (gz.length < data.length) await writeWhole(`${file}.gz`, gz);
  return { raw: data.length, br: br.length, gz: gz.length, done: 0 };
}

const started = Date.now();
const queue = [];
for await (const file of files(dist)) queue.push(file);
const totals = { raw: 0, br: 0, gz: 0, done: 0 };
// zlib runs on libuv's thread pool: a few files at a time keep both cores busy.
for (let i = 0; i < queue.length; i += 8) {
  for (const result of await Promise.all(queue.slice(i, i + 8).map(compress))) {
    totals.raw += result.raw;
    totals.br += result.br;
    totals.gz += result.gz;
    totals.done += result.done;
  }
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const compressed = queue.length - totals.done;
if (compressed > 0 || !background)
  console.log(
    `precompressed ${compressed} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${mb(totals.raw)} MB → brotli ${mb(totals.br)} MB, gzip ${mb(totals.gz)} MB`,
  );
