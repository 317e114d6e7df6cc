#!/usr/bin/env node
// `npm run bench`: the data source figures the issue asks for, printed, not asserted.
//   (a) the first page of GET /api/datasources with 5,000 sources in an account: ≤ 50 ms server time;
//   (b) uploading a 50 MB file raises the server's resident memory by < 150 MB.
// Always on the embedded database (PGlite, in a fresh temporary DATA_DIR); also on PostgreSQL when
// BENCH_DATABASE_URL names a server (a throwaway database is created there and dropped afterwards).
// BENCH_NO_BUILD=1 skips building packages/contract and server first.
//
// Each measurement runs in a child process of its own (`node --expose-gc`): the upload's starts
// from a freshly started server, and no run's memory — PGlite lives inside the process — shows
// up in another's figures.
// Requests go through `app.inject`: server time, without the network.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'server/dist');
const MB = 1024 * 1024;

const targets = { listMs: 50, uploadRssMb: 150 };
const volume = { sources: 5_000, batch: 500, workspaces: 200 };
const requests = { warmUp: 50, measured: 300 };
const upload = { bytes: 50 * MB, limitMb: 60, sampleEveryMs: 50 };
const password = 'Bench-Horse-Battery-42';

// ---------------------------------------------------------------------------------------------
// The parent: build, write the upload file once, run the children (list, then upload, per
// database), print the JSON line.

async function orchestrate() {
  if (process.env.BENCH_NO_BUILD !== '1') build();
  // Timings on a shared machine mean little without knowing how busy it was.
  const loadAtStart = round(os.loadavg()[0]);
  console.log(
    `${os.availableParallelism()} CPUs, load average ${loadAtStart} (1 min), Node ${process.version}`,
  );
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-bench-'));
  let failed = false;
  try {
    const file = path.join(tmp, 'upload.geojson');
    const written = await writeFeatureCollection(file, upload.bytes);
    console.log(
      `Upload file: ${(written.bytes / MB).toFixed(1)} MB, ${written.features.toLocaleString('en-US')} features`,
    );
    const kinds = ['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
    const results = {};
    for (const kind of kinds) {
      console.log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ==`);
      results[kind] = {};
      for (const phase of ['list', 'upload']) {
        const resultFile = path.join(tmp, `${kind}-${phase}.json`);
        const env = { BENCH_TMP: tmp, BENCH_UPLOAD_FILE: file, BENCH_RESULT: resultFile };
        const status = runWorker(kind, phase, env);
        if (status !== 0 || !fs.existsSync(resultFile)) {
          console.error(`\nThe ${kind} ${phase} run failed (exit ${status}).`);
          failed = true;
          continue;
        }
        Object.assign(results[kind], JSON.parse(fs.readFileSync(resultFile, 'utf8')));
      }
    }
    const summary = {
      benchmark: 'datasources',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load_average_1m: { start: loadAtStart, end: round(os.loadavg()[0]) },
      targets: { list_ms: targets.listMs, upload_rss_growth_mb: targets.uploadRssMb },
      upload_file: { mb: round(written.bytes / MB), features: written.features },
      results,
    };
    console.log(`\n${JSON.stringify(summary)}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

function build() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'packages/contract', '-w', 'server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; nothing was measured.');
    process.exit(result.status ?? 1);
  }
}

function runWorker(kind, phase, env) {
  const result = spawnSync(process.execPath, ['--expose-gc', import.meta.filename], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, BENCH_WORKER: `${kind}:${phase}` },
  });
  return result.status ?? 1;
}

/**
 * A GeoJSON FeatureCollection of at least `targetBytes`, written 64 KiB at a time (never held
 * whole): points and small polygons around the Netherlands, a few properties each.
 */
async function writeFeatureCollection(file, targetBytes) {
  const out = fs.createWriteStream(file);
  let bytes = 0;
  let features = 0;
  const write = async (text) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"type":"FeatureCollection","name":"bench","features":[\n');
  while (bytes < targetBytes) {
    let chunk = '';
    while (chunk.length < 64 * 1024 && bytes + chunk.length < targetBytes) {
      chunk += `${features === 0 ? '' : ',\n'}${JSON.stringify(feature(features))}`;
      features += 1;
    }
    await write(chunk);
  }
  await write('\n]}\n');
  out.end();
  await finished(out);
  return { bytes, features };
}

function feature(n) {
  const x = 3.4 + (n % 3000) / 1000;
  const y = 50.8 + (Math.floor(n / 3000) % 2600) / 1000;
  const geometry =
    n % 2 === 0
      ? { type: 'Point', coordinates: [x, y] }
      : {
          type: 'Polygon',
          coordinates: [
            [
              [x, y],
              [x + 0.0005, y],
              [x + 0.0005, y + 0.0004],
              [x, y + 0.0004],
              [x, y],
            ],
          ],
        };
  return {
    type: 'Feature',
    id: n,
    geometry,
    properties: {
      name: `Feature ${n}`,
      category: ['tree', 'lamp', 'bench', 'building', 'parcel'][n % 5],
      height: (n % 970) / 10,
      visited: n % 3 === 0,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A child: one database, fresh, and one measurement on it ("pglite:list", "postgres:upload", …).

async function worker(name) {
  const [kind, phase] = name.split(':');
  if (typeof global.gc !== 'function') throw new Error('The worker needs node --expose-gc');
  const queries = await countQueries();
  const server = await importServer();
  const dataDir = path.join(process.env.BENCH_TMP, `data-${kind}-${phase}`);
  const database =
    kind === 'postgres' ? await openBenchPostgres(server) : await openBenchPglite(server, dataDir);
  const app = await startApp(server, database, dataDir);
  try {
    const owner = await seedOwner(server, app, database);
    const result =
      phase === 'list'
        ? await listPhase(server, app, database, owner, queries)
        : { upload: await benchUpload(app, database, owner) };
    fs.writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result));
  } finally {
    await app.close();
    await database.close();
  }
}

async function listPhase(server, app, database, owner, queries) {
  const started = performance.now();
  const seeded = await seedVolume(server, app, database, owner);
  console.log(
    `Seeded ${seeded.sources} sources, ${seeded.workspaces} workspaces, ${seeded.layers} layers ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { seeded, list: await benchList(app, owner, queries) };
}

const importDist = (file) => import(pathToFileURL(path.join(dist, file)).href);

async function importServer() {
  const [app, config, context, client, seed, schema, authRepo] = await Promise.all(
    [
      'app.js',
      'config.js',
      'context.js',
      'db/client.js',
      'startup/reference-data.js',
      'db/schema.js',
      'modules/auth/auth.repository.js',
    ].map(importDist),
  );
  const { hashPassword } = await importDist('lib/passwords.js');
  return { ...app, ...config, ...context, ...client, ...seed, schema, ...authRepo, hashPassword };
}

/**
 * Counts the SQL statements the server sends, by wrapping the drivers' query methods (the
 * same module instances the server uses). The list path runs no transaction, so PGlite's
 * query and exec see all of its statements.
 */
async function countQueries() {
  const counter = { statements: 0 };
  const wrap = (proto, method) => {
    const original = proto[method];
    proto[method] = function counted(...args) {
      counter.statements += 1;
      return original.apply(this, args);
    };
  };
  const { PGlite } = await import('@electric-sql/pglite');
  wrap(PGlite.prototype, 'query');
  wrap(PGlite.prototype, 'exec');
  const pg = (await import('pg')).default;
  wrap(pg.Client.prototype, 'query');
  return counter;
}

function openBenchPglite(server, dataDir) {
  // Where the server itself keeps it (startup/open-database.ts), with its durability settings.
  return server.openPglite(path.join(dataDir, 'pgdata'));
}

/** A fresh database on the BENCH_DATABASE_URL server, dropped on close (as the API tests do). */
async function openBenchPostgres(server) {
  const pg = (await import('pg')).default;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const name = `geows_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await server.openPostgres(url.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function startApp(server, database, dataDir) {
  const config = server.loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    UPLOAD_MAX_MB: String(upload.limitMb),
  });
  const ctx = await server.createContext(config, database, { secretKey: randomBytes(32).toString('hex') });
  await server.seedReferenceData(ctx);
  const app = await server.buildApp(ctx, { logger: false });
  await app.ready();
  return app;
}

// ---------------------------------------------------------------------------------------------
// Seeding: the API where it is cheap (sign-in, account, workspaces), the database for volume.

/** A signed-in user with an account: what both measurements start from. */
async function seedOwner(server, app, { db }) {
  // Registration activates by mail; an active user straight in the table skips that.
  const user = await server.createUserWithProfile(db, {
    username: 'bench',
    email: 'bench@example.org',
    passwordHash: await server.hashPassword(password),
    isActive: true,
  });
  const login = await call(app, 'POST', '/auth/login/', null, { username: 'bench', password });
  const token = login.auth_token;
  const account = await call(app, 'POST', '/api/accounts', token, {
    admin: user.id,
    name: 'Bench Maps',
    description: 'Benchmark account',
  });
  return { userId: user.id, token, accountId: account.id };
}

/** The list's data: 5,000 sources in the owner's account, used by layers of 200 workspaces. */
async function seedVolume(server, app, database, { userId, token, accountId }) {
  const workspaceIds = [];
  for (let i = 0; i < volume.workspaces; i++) {
    const workspace = await call(app, 'POST', '/api/workspaces', token, {
      admin: userId,
      account: accountId,
      name: `Workspace ${i + 1}`,
      description: 'Benchmark workspace',
    });
    workspaceIds.push(workspace.id);
  }
  const random = mulberry32(20261124);
  const sourceIds = await insertSources(database.db, server.schema, accountId, random);
  const layerCount = await insertLayers(database.db, server.schema, sourceIds, workspaceIds, random);
  await analyze(database);
  return {
    sources: sourceIds.length,
    workspaces: workspaceIds.length,
    layers: layerCount,
  };
}

const topics = ['Parcels', 'Roads', 'Buildings', 'Aerial 2025', 'Flood risk', 'Trees', 'Cables', 'Noise'];

async function insertSources(db, schema, accountId, random) {
  const ids = [];
  const now = Date.now();
  for (let start = 0; start < volume.sources; start += volume.batch) {
    const rows = [];
    for (let i = start; i < Math.min(start + volume.batch, volume.sources); i++) {
      rows.push({
        accountId,
        typeId: (i % 8) + 1,
        name: `Source ${i + 1} ${topics[i % topics.length]}`,
        config: { url: 'https://example.org/x' },
        updatedAt: new Date(now - Math.floor(random() * 365 * 86_400_000)),
      });
    }
    const inserted = await db
      .insert(schema.datasources)
      .values(rows)
      .returning({ id: schema.datasources.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * Each source used by 0–5 workspaces (about 1.2 on average, ~6,000 layers), so that the
 * list's usage column has real work to do.
 */
async function insertLayers(db, schema, sourceIds, workspaceIds, random) {
  // Cumulative chances of 0, 1, 2, 3, 4, 5 workspaces.
  const uses = [0.4, 0.7, 0.82, 0.92, 0.97, 1];
  const rows = [];
  for (const dataSourceId of sourceIds) {
    const draw = random();
    const count = uses.findIndex((limit) => draw < limit);
    const chosen = new Set();
    while (chosen.size < count) chosen.add(workspaceIds[Math.floor(random() * workspaceIds.length)]);
    for (const workspaceId of chosen) {
      rows.push({ workspaceId, dataSourceId, name: `Layer ${rows.length + 1}`, position: rows.length });
    }
  }
  for (let start = 0; start < rows.length; start += volume.batch) {
    await db.insert(schema.layers).values(rows.slice(start, start + volume.batch));
  }
  return rows.length;
}

async function analyze(database) {
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql`analyze`);
}

/** A small seeded generator: every run seeds the same data. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function call(app, method, url, token, payload) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Token ${token}` } : {},
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

// ---------------------------------------------------------------------------------------------
// (a) The list.

async function benchList(app, owner, queries) {
  const scenarios = {
    first_page: { account: owner.accountId },
    search_by_name: { account: owner.accountId, page_size: 25, ordering: 'name', search: 'Source 1' },
  };
  const results = {};
  for (const [name, query] of Object.entries(scenarios)) {
    const url = `/api/datasources?${new URLSearchParams(query)}`;
    results[name] = await timeRequests(app, url, owner.token, queries);
    printList(name, url, results[name]);
  }
  return results;
}

async function timeRequests(app, url, token, queries) {
  const headers = { authorization: `Token ${token}` };
  const first = await app.inject({ url, headers });
  if (first.statusCode !== 200) throw new Error(`GET ${url}: ${first.statusCode} ${first.body}`);
  const page = first.json();
  for (let i = 0; i < requests.warmUp; i++) await app.inject({ url, headers });
  const times = [];
  const statementsBefore = queries.statements;
  for (let i = 0; i < requests.measured; i++) {
    const started = performance.now();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
  }
  return {
    count: page.count,
    rows: page.results.length,
    requests: requests.measured,
    ...percentiles(times),
    queries_per_request: round((queries.statements - statementsBefore) / requests.measured),
  };
}

/** Nearest-rank percentiles, in milliseconds. */
function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]);
  return { p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), max_ms: round(sorted[sorted.length - 1]) };
}

function printList(name, url, r) {
  const verdict = r.p95_ms <= targets.listMs ? 'met' : 'MISSED';
  console.log(`\nGET ${url}  (${name}: ${r.rows} of ${r.count} rows, ${r.requests} requests)`);
  console.log(
    `  p50 ${r.p50_ms} ms   p95 ${r.p95_ms} ms   p99 ${r.p99_ms} ms   max ${r.max_ms} ms` +
      `   target ≤ ${targets.listMs} ms (p95: ${verdict})`,
  );
  console.log(`  queries per request: ${r.queries_per_request} (authentication included)`);
}

// ---------------------------------------------------------------------------------------------
// (b) The upload's memory.

async function benchUpload(app, database, owner) {
  // A small upload first, so that code loaded on first use does not count as the big one's growth.
  const warmFile = path.join(process.env.BENCH_TMP, `warm-${database.kind}.geojson`);
  await writeFeatureCollection(warmFile, 64 * 1024);
  await postUpload(app, owner, warmFile, 'Warm-up');

  settle();
  const { rss: baseline, heapTotal: baselineHeap } = process.memoryUsage();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = baseline;
  // The JavaScript heap's share of the growth: garbage V8 has not collected yet, not data kept.
  let heapPeak = baselineHeap;
  const sample = () => {
    const { rss, heapTotal } = process.memoryUsage();
    sampled = Math.max(sampled, rss);
    heapPeak = Math.max(heapPeak, heapTotal);
  };
  const timer = setInterval(sample, upload.sampleEveryMs);
  const started = performance.now();
  let created;
  try {
    created = await postUpload(app, owner, process.env.BENCH_UPLOAD_FILE, 'Bench upload', sample);
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  // The timer can miss a short peak while the event loop is busy; the kernel's high-water mark
  // cannot. If it rose during the upload, it is the upload's peak exactly.
  const maxRssAfter = process.resourceUsage().maxRSS * 1024;
  const peak = maxRssAfter > maxRssBefore ? Math.max(sampled, maxRssAfter) : sampled;
  const stored = await storedFeatures(database, created.id);
  const result = {
    file_mb: round(fs.statSync(process.env.BENCH_UPLOAD_FILE).size / MB),
    baseline_rss_mb: round(baseline / MB),
    peak_rss_mb: round(peak / MB),
    rss_growth_mb: round((peak - baseline) / MB),
    js_heap_growth_mb: round((heapPeak - baselineHeap) / MB),
    seconds: round(seconds),
    features_stored: stored,
  };
  printUpload(result);
  return result;
}

/** Two collections, so that garbage with finalizers is gone too. */
function settle() {
  global.gc();
  global.gc();
}

/** POSTs the file as multipart/form-data, streamed from disk as a browser would send it. */
async function postUpload(app, owner, file, name, onChunk = () => {}) {
  const boundary = `----geowsbench${randomBytes(8).toString('hex')}`;
  const field = (key, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const preamble = Buffer.from(
    field('name', name) +
      field('account', String(owner.accountId)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/geo+json\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield preamble;
    for await (const chunk of fs.createReadStream(file)) {
      onChunk();
      yield chunk;
    }
    yield epilogue;
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/datasources/upload',
    headers: {
      authorization: `Token ${owner.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(preamble.length + fs.statSync(file).size + epilogue.length),
    },
    payload: Readable.from(body(), { objectMode: false }),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`upload: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.json();
}

async function storedFeatures(database, datasourceId) {
  const row = await database.db.query.datasources.findFirst({
    where: (table, { eq }) => eq(table.id, datasourceId),
    columns: { featureCount: true },
  });
  return row?.featureCount ?? null;
}

function printUpload(r) {
  const verdict = r.rss_growth_mb < targets.uploadRssMb ? 'met' : 'MISSED';
  console.log(`\nPOST /api/datasources/upload  (${r.file_mb} MB GeoJSON, multipart, streamed)`);
  console.log(
    `  RSS ${r.baseline_rss_mb} MB → peak ${r.peak_rss_mb} MB: growth ${r.rss_growth_mb} MB` +
      `   target < ${targets.uploadRssMb} MB (${verdict})`,
  );
  console.log(`  of which the JavaScript heap (V8's heapTotal): ${r.js_heap_growth_mb} MB`);
  console.log(`  ${r.seconds} s, ${r.features_stored?.toLocaleString('en-US')} features stored`);
}

function round(value) {
  return Math.round(value * 100) / 100;
}

// Last, so that every constant above is initialised before it runs.
if (process.env.BENCH_WORKER) await worker(process.env.BENCH_WORKER);
else await orchestrate();
