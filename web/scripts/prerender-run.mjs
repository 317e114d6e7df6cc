#!/usr/bin/env node
// The prerender's second half (scripts/prerender-plugin.ts): in a process of its own, since the
// server build of the app expects a few browser globals (src/prerender/node-globals.ts), renders
// every variant into web/dist/prerendered/.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, dist] = process.argv.slice(2);
const { prerenderAll } = await import(pathToFileURL(bundle).href);
const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
const started = performance.now();
const files = await prerenderAll(template);
await fs.rm(path.join(dist, 'prerendered'), { recursive: true, force: true });
for (const { file, html } of files) {
  await fs.mkdir(path.dirname(path.join(dist, file)), { recursive: true });
  await fs.writeFile(path.join(dist, file), html);
}
console.log(`prerendered ${files.length} pages in ${Math.round(performance.now() - started)} ms`);
