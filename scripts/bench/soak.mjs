#!/usr/bin/env node
// `npm run soak`: the server under a long mixed load, as a busy team meets it through a day. Seeds the
// benchmark tenant (tenant.mjs) into a fresh DATA_DIR (PGlite) or a throwaway PostgreSQL database,
// starts the server and lets SOAK_CLIENTS clients, each a loop of one call at a time without pause,
// read and write for SOAK_DURATION seconds (the warm-up included). Each client writes only objects of
// its own, so it knows what the server must hold; afterwards every acknowledged write is read back.
// Targets, exit 1 when one fails: 0 errors (network errors, time-outs, 5xx and any 4xx: every call is
// one its caller may make), 0 lost writes, and the serving process's resident memory and open files at
// the end at most 20 % above their figures after the warm-up. Prints a table, one JSON line last.
//
//   SOAK_CLIENTS=100  SOAK_DURATION=600  SOAK_WARMUP=120    clients; seconds in all; of which warm-up
// The warm-up is two minutes because the heap takes that long to reach its working size: on
// PostgreSQL 200 MB after 30 s, then 270-310 MB, level, from the second minute to the tenth.
//   SOAK_DATABASE_URL=postgres://…  (or BENCH_DATABASE_URL)  on PostgreSQL instead (needs CREATEDB)
//   SOAK_SERVER=npm|dist|source  npm start (default), the built server as it is, or server/src via tsx
//   BENCH_NO_BUILD=1                                         skip `npm run build`
// Run it without WORKERS: the figures are those of the one process holding the listening socket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  api,
  buildUnlessSkipped,
  freePort,
  logInAsBench,
  seedTenant,
  startServer,
  withPostgresDatabase,
} from './server.mjs';
import { benchUser, generateTenant } from './tenant.mjs';

function wholeSetting(name, fallback, min) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number of at least ${min} (got ${raw})`);
    process.exit(2);
  }
  return value;
}

const settings = {
  clients: wholeSetting('SOAK_CLIENTS', 100, 1),
  duration: wholeSetting('SOAK_DURATION', 600, 10),
  warmUp: wholeSetting('SOAK_WARMUP', 120, 1),
  server: process.env.SOAK_SERVER || 'npm',
};
if (settings.warmUp >= settings.duration) {
  console.error(
    `SOAK_WARMUP (${settings.warmUp} s) must be shorter than SOAK_DURATION (${settings.duration} s): set both`,
  );
  process.exit(2);
}
const postgresUrl = process.env.SOAK_DATABASE_URL || process.env.BENCH_DATABASE_URL || '';
const targets = { errors: 0, lostWrites: 0, memoryGrowth: 0.2, openFilesGrowth: 0.2 };
/** A call slower than this counts as an error: no user waits longer. */
const callTimeoutMs = 30_000;
const giveUpAfterErrors = 1000;
/** What one client keeps alive at most; more creates turn into deletes, so the tenant stays its size. */
const limits = { workspaces: 3, layersAdded: 6, sources: 3 };
/**
 * One figure per moment: the median of the samples (one a second) over this many seconds. A single
 * reading of the resident set swings with V8 growing and shrinking its heap (bench's api.mjs saw
 * +68 % on a steady heap); a leak still shows between the two medians.
 */
const sampleWindowS = 10;

/** How often each call is made, out of their sum; reads about 70 %. */
const mix = [
  ['accounts', 8],
  ['workspaces-list', 10],
  ['workspace', 12],
  ['layers', 12],
  ['datasources', 10],
  ['usergroups', 8],
  ['datasourcetypes', 8],
  ['workspace-create', 4],
  ['workspace-rename', 5],
  ['workspace-delete', 3],
  ['layer-add', 6],
  ['layer-move', 5],
  ['layer-delete', 3],
  ['datasource-create', 3],
  ['datasource-rename', 2],
  ['datasource-delete', 2],
];
const mixTotal = mix.reduce((sum, [, weight]) => sum + weight, 0);

function pickCall() {
  let r = Math.random() * mixTotal;
  for (const [name, weight] of mix) {
    r -= weight;
    if (r < 0) return name;
  }
  return mix[0][0];
}

const pickFrom = (list) => list[Math.floor(Math.random() * list.length)];

// ---------------------------------------------------------------------------------------------
// The serving process: memory and open files

/** The pid holding the listening socket of `port`: the process that serves, whatever started it. */
function listeningPid(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = fs.readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {}
    for (const line of lines) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      // 0A: LISTEN.
      if (state === '0A' && Number.parseInt(local.split(':')[1], 16) === port)
        inodes.add(`socket:[${inode}]`);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        if (inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) return Number(pid);
      }
    } catch {}
  }
  throw new Error(`No process listens on port ${port}`);
}

/** Resident memory and open files (of which sockets: the clients' connections, the database's) of `pid`. */
function processFigures(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const fds = fs.readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const fd of fds) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {}
  }
  return {
    rssMb: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024),
    openFiles: fds.length,
    sockets,
  };
}

function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Samples the process every second; `at(ms)` gives the medians over the window ending then. */
function sampler(pid) {
  const samples = [];
  const take = () => {
    try {
      samples.push({ at: Date.now(), ...processFigures(pid) });
    } catch {}
  };
  take();
  const timer = setInterval(take, 1000);
  return {
    stop: () => clearInterval(timer),
    at(ms) {
      const inWindow = samples.filter((s) => s.at <= ms && s.at > ms - sampleWindowS * 1000);
      return {
        rssMb: median(inWindow.map((s) => s.rssMb)),
        openFiles: median(inWindow.map((s) => s.openFiles)),
        sockets: median(inWindow.map((s) => s.sockets)),
        samples: inWindow.length,
      };
    },
    /** The run in `points` equal steps, each step's median: a leak climbs to the end, a warming heap levels off. */
    curve(from, to, points = 10) {
      const step = (to - from) / points;
      return Array.from({ length: points }, (_, i) => {
        const inStep = samples.filter((s) => s.at > from + i * step && s.at <= from + (i + 1) * step);
        return {
          rssMb: median(inStep.map((s) => s.rssMb)),
          openFiles: median(inStep.map((s) => s.openFiles)),
        };
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Calls, their latencies and their errors

function createRecorder() {
  const calls = new Map();
  let measuring = false;
  const entry = (kind) => {
    if (!calls.has(kind)) calls.set(kind, { requests: 0, errors: 0, latencies: [], examples: [] });
    return calls.get(kind);
  };
  let errors = 0;
  return {
    calls,
    /** Past this many errors the run has failed for good (a server gone): the clients stop early. */
    get gaveUp() {
      return errors >= giveUpAfterErrors;
    },
    startMeasuring() {
      measuring = true;
    },
    done(kind, ms) {
      const e = entry(kind);
      e.requests++;
      if (measuring) e.latencies.push(ms);
    },
    failed(kind, message) {
      const e = entry(kind);
      e.errors++;
      errors++;
      if (e.examples.length < 3) e.examples.push(message);
    },
  };
}

/**
 * One call as `kind`: its answer's status and (when `json`) body, or null after recording an error
 * when it did not answer with one of `ok`.
 */
async function call(ctx, kind, method, pathname, { body, anonymous = false, ok = [200], json = false } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${ctx.url}${pathname}`, {
      method,
      headers: {
        ...(anonymous ? {} : { authorization: `Token ${ctx.token}` }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(callTimeoutMs),
    });
    // Reads are only counted, not parsed: the clients share the server's two cores.
    const text = json || !ok.includes(response.status) ? await response.text() : await response.arrayBuffer();
    ctx.recorder.done(kind, performance.now() - started);
    if (!ok.includes(response.status)) {
      ctx.recorder.failed(kind, `${method} ${pathname} → ${response.status} ${String(text).slice(0, 200)}`);
      return null;
    }
    return { status: response.status, body: json && text ? JSON.parse(text) : null };
  } catch (error) {
    ctx.recorder.done(kind, performance.now() - started);
    ctx.recorder.failed(
      kind,
      `${method} ${pathname}: ${error.name === 'TimeoutError' ? 'no answer within 30 s' : error.message}`,
    );
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// A client: its own objects as the server must hold them

/**
 * Each client's model of what it wrote: live workspaces (name, version, top-level layers in order),
 * live data sources (name), and what it deleted. An object whose write failed is dropped from the
 * model: its state is unknown, and the failure already fails the run.
 */
function createClient(ctx, index) {
  const account = ctx.accounts[index % ctx.accounts.length];
  const model = { workspaces: [], sources: [], deletedWorkspaces: [], deletedSources: [] };
  let serial = 0;
  const newName = (what) => `Soak ${what} ${ctx.runTag}-${index}-${++serial}`;
  const someWorkspace = () =>
    model.workspaces.length > 0 && Math.random() < 0.5
      ? pickFrom(model.workspaces).id
      : pickFrom(account.workspaces);
  const drop = (list, item) => list.splice(list.indexOf(item), 1);
  const write = (kind, method, pathname, options) =>
    call(ctx, kind, method, pathname, { ...options, json: true }).then((answer) => {
      if (answer) ctx.acknowledged++;
      return answer;
    });

  const calls = {
    accounts: () => call(ctx, 'accounts', 'GET', '/api/accounts'),
    'workspaces-list': () => call(ctx, 'workspaces-list', 'GET', `/api/workspaces?account=${account.id}`),
    workspace: () => call(ctx, 'workspace', 'GET', `/api/workspaces/${someWorkspace()}`),
    layers: () => call(ctx, 'layers', 'GET', `/api/layers?workspace=${someWorkspace()}`),
    datasources: () => call(ctx, 'datasources', 'GET', `/api/datasources?account=${account.id}`),
    usergroups: () => call(ctx, 'usergroups', 'GET', `/api/userGroup?account=${account.id}`),
    datasourcetypes: () => call(ctx, 'datasourcetypes', 'GET', '/api/datasourcetypes', { anonymous: true }),

    async 'workspace-create'() {
      if (model.workspaces.length >= limits.workspaces) return calls['workspace-delete']();
      const name = newName('workspace');
      const created = await write('workspace-create', 'POST', '/api/workspaces', {
        body: { name, description: 'Made by the soak', admin: ctx.userId, account: account.id },
        ok: [201],
      });
      if (!created) return;
      // A new workspace comes with layers of its own (a base layer): read them as its user would.
      const layers = await call(ctx, 'layers', 'GET', `/api/layers?workspace=${created.body.id}`, {
        json: true,
      });
      if (!layers) return;
      model.workspaces.push({
        id: created.body.id,
        name,
        version: created.body.version,
        layers: layers.body.results.map((l) => ({ id: l.id, name: l.name, added: false })),
      });
    },
    async 'workspace-rename'() {
      if (model.workspaces.length === 0) return calls['workspace-create']();
      const workspace = pickFrom(model.workspaces);
      const name = newName('workspace');
      const renamed = await write('workspace-rename', 'PATCH', `/api/workspaces/${workspace.id}`, {
        body: { version: workspace.version, name },
      });
      if (!renamed) return drop(model.workspaces, workspace);
      workspace.name = name;
      workspace.version = renamed.body.version;
    },
    async 'workspace-delete'() {
      if (model.workspaces.length === 0) return calls['workspace-create']();
      const workspace = model.workspaces[0];
      drop(model.workspaces, workspace);
      const deleted = await write('workspace-delete', 'DELETE', `/api/workspaces/${workspace.id}`, {
        ok: [204],
      });
      if (deleted) model.deletedWorkspaces.push(workspace.id);
    },

    async 'layer-add'() {
      const workspace = pickFrom(model.workspaces);
      if (!workspace) return calls['workspace-create']();
      const added = workspace.layers.filter((l) => l.added);
      if (added.length >= limits.layersAdded) return calls['layer-delete']();
      const name = newName('layer');
      const created = await write('layer-add', 'POST', '/api/layers', {
        body: { workspace: workspace.id, name },
        ok: [201],
      });
      if (!created) return drop(model.workspaces, workspace);
      workspace.layers.push({ id: created.body.id, name, added: true });
    },
    async 'layer-move'() {
      const workspace = pickFrom(model.workspaces.filter((w) => w.layers.length > 1));
      if (!workspace) return calls['layer-add']();
      const layer = pickFrom(workspace.layers);
      const position = Math.floor(Math.random() * workspace.layers.length);
      const moved = await write('layer-move', 'PATCH', `/api/layers/${layer.id}`, { body: { position } });
      if (!moved) return drop(model.workspaces, workspace);
      drop(workspace.layers, layer);
      workspace.layers.splice(position, 0, layer);
    },
    async 'layer-delete'() {
      const workspace = pickFrom(model.workspaces.filter((w) => w.layers.some((l) => l.added)));
      if (!workspace) return calls['layer-add']();
      const layer = pickFrom(workspace.layers.filter((l) => l.added));
      const deleted = await write('layer-delete', 'DELETE', `/api/layers/${layer.id}`, { ok: [204] });
      if (!deleted) return drop(model.workspaces, workspace);
      // Verified with its workspace: its layer list must no longer hold it.
      drop(workspace.layers, layer);
    },

    async 'datasource-create'() {
      if (model.sources.length >= limits.sources) return calls['datasource-delete']();
      const name = newName('source');
      const created = await write('datasource-create', 'POST', '/api/datasources', {
        body: {
          name,
          type: ctx.xyzType,
          account: account.id,
          config: { url: `https://tiles.example.com/soak/${index}/{z}/{x}/{y}.png` },
        },
        ok: [201],
      });
      if (created) model.sources.push({ id: created.body.id, name });
    },
    async 'datasource-rename'() {
      const source = pickFrom(model.sources);
      if (!source) return calls['datasource-create']();
      const name = newName('source');
      const renamed = await write('datasource-rename', 'PATCH', `/api/datasources/${source.id}`, {
        body: { name },
      });
      if (!renamed) return drop(model.sources, source);
      source.name = name;
    },
    async 'datasource-delete'() {
      const source = model.sources[0];
      if (!source) return calls['datasource-create']();
      drop(model.sources, source);
      const deleted = await write('datasource-delete', 'DELETE', `/api/datasources/${source.id}`, {
        ok: [204],
      });
      if (deleted) model.deletedSources.push(source.id);
    },
  };

  return {
    model,
    async run(until) {
      while (Date.now() < until && !ctx.recorder.gaveUp) await calls[pickCall()]();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// After the load: every acknowledged write read back

async function inParallel(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function verifyWrites(ctx, clients) {
  const lost = [];
  let checked = 0;
  const checks = [];
  for (const { model } of clients) {
    for (const workspace of model.workspaces) {
      checks.push(async () => {
        const read = await call(ctx, 'verify', 'GET', `/api/workspaces/${workspace.id}`, { json: true });
        const layers = await call(
          ctx,
          'verify',
          'GET',
          `/api/layers?workspace=${workspace.id}&page_size=1000`,
          {
            json: true,
          },
        );
        if (!read || !layers) return;
        checked++;
        if (read.body.name !== workspace.name)
          lost.push(`workspace ${workspace.id}: "${read.body.name}", acknowledged "${workspace.name}"`);
        const held = layers.body.results.map((l) => `${l.id} ${l.name}`).join(', ');
        const wrote = workspace.layers.map((l) => `${l.id} ${l.name}`).join(', ');
        if (held !== wrote)
          lost.push(`workspace ${workspace.id}'s layers: [${held}], acknowledged [${wrote}]`);
      });
    }
    for (const source of model.sources) {
      checks.push(async () => {
        const read = await call(ctx, 'verify', 'GET', `/api/datasources/${source.id}`, { json: true });
        if (!read) return;
        checked++;
        if (read.body.name !== source.name)
          lost.push(`data source ${source.id}: "${read.body.name}", acknowledged "${source.name}"`);
      });
    }
    for (const [what, pathname, ids] of [
      ['workspace', '/api/workspaces', model.deletedWorkspaces],
      ['data source', '/api/datasources', model.deletedSources],
    ]) {
      for (const id of ids) {
        checks.push(async () => {
          const read = await call(ctx, 'verify', 'GET', `${pathname}/${id}`, { ok: [200, 404] });
          if (!read) return;
          checked++;
          if (read.status !== 404) lost.push(`${what} ${id}: deleted (acknowledged) but still there`);
        });
      }
    }
  }
  await inParallel(checks, 8, (check) => check());
  return { checked, expected: checks.length, lost };
}

// ---------------------------------------------------------------------------------------------
// One run

/** The tenant as the clients use it: the bench user's accounts, each with the ids of its first workspaces. */
async function prepare(url) {
  const { token, me, accounts } = await logInAsBench(url, benchUser);
  const types = (await api(url, '/api/datasourcetypes')).results;
  const xyzType = types.find((t) => t.key === 'xyz')?.id;
  if (!xyzType) throw new Error('The server lists no xyz data source type');
  const withWorkspaces = [];
  for (const account of accounts) {
    const workspaces = (await api(url, `/api/workspaces?account=${account.id}`, { token })).results;
    // User groups to list, as an account's admin would have a few.
    for (const team of ['Beheer', 'Planning']) {
      await api(url, '/api/userGroup', {
        token,
        method: 'POST',
        body: { name: `${team} ${account.id}`, account: account.id },
      });
    }
    withWorkspaces.push({ id: account.id, workspaces: workspaces.map((w) => w.id) });
  }
  return { token, userId: me.id, xyzType, accounts: withWorkspaces.filter((a) => a.workspaces.length > 0) };
}

async function soak(kind, databaseUrl, tmp, tenantFile) {
  const dataDir = fs.mkdtempSync(path.join(tmp, `${kind}-`));
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  seedTenant(env, tenantFile, settings.server);
  const server = await startServer(env, settings.server);
  try {
    const ctx = {
      url: server.url,
      ...(await prepare(server.url)),
      recorder: createRecorder(),
      runTag: Date.now().toString(36),
      acknowledged: 0,
    };
    const pid = listeningPid(port);
    const figures = sampler(pid);
    const started = Date.now();
    const warmUpEnd = started + settings.warmUp * 1000;
    const end = started + settings.duration * 1000;
    console.log(
      `${settings.clients} clients for ${settings.duration} s (${settings.warmUp} s warm-up) on ${server.url}, server pid ${pid}…`,
    );
    const clients = Array.from({ length: settings.clients }, (_, i) => createClient(ctx, i));
    const load = Promise.all(clients.map((c) => c.run(end)));
    await sleep(Math.max(0, warmUpEnd - Date.now()));
    ctx.recorder.startMeasuring();
    const measuredFrom = Date.now();
    const requestsAtWarmUp = totalRequests(ctx.recorder);
    await load;
    const measuredS = (Date.now() - measuredFrom) / 1000;
    const afterWarmUp = figures.at(warmUpEnd);
    const atEnd = figures.at(Date.now());
    const curve = figures.curve(started, Date.now());
    figures.stop();
    const loadAverage = os.loadavg()[0];

    const verified = await verifyWrites(ctx, clients);
    return {
      kind,
      pid,
      requests: totalRequests(ctx.recorder, (k) => k !== 'verify'),
      rps: Math.round((totalRequests(ctx.recorder, (k) => k !== 'verify') - requestsAtWarmUp) / measuredS),
      calls: ctx.recorder.calls,
      writes: { acknowledged: ctx.acknowledged, ...verified },
      afterWarmUp,
      atEnd,
      curve,
      loadAverage,
    };
  } finally {
    await server.stop();
  }
}

function totalRequests(recorder, keep = () => true) {
  let n = 0;
  for (const [kind, e] of recorder.calls) if (keep(kind)) n += e.requests;
  return n;
}

function percentile(sorted, q) {
  return sorted.length === 0
    ? null
    : Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1));
}

const growth = (from, to) => (from ? Number(((to - from) / from).toFixed(3)) : null);

function report(result) {
  const calls = {};
  let errors = 0;
  const examples = [];
  console.log(
    `\n${'call'.padEnd(20)}${'requests'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
  );
  const order = [...mix.map(([name]) => name), 'verify'];
  for (const kind of order) {
    const e = result.calls.get(kind);
    if (!e) continue;
    const sorted = e.latencies.sort((a, b) => a - b);
    calls[kind] = {
      requests: e.requests,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      errors: e.errors,
    };
    errors += e.errors;
    examples.push(...e.examples);
    console.log(
      `${kind.padEnd(20)}${String(e.requests).padStart(10)}${String(calls[kind].p50 ?? '-').padStart(9)}` +
        `${String(calls[kind].p99 ?? '-').padStart(9)}${String(e.errors).padStart(8)}`,
    );
  }
  const memory = {
    afterWarmUpMb: result.afterWarmUp.rssMb,
    endMb: result.atEnd.rssMb,
    growth: growth(result.afterWarmUp.rssMb, result.atEnd.rssMb),
    curveMb: result.curve.map((point) => point.rssMb),
  };
  const openFiles = {
    afterWarmUp: result.afterWarmUp.openFiles,
    end: result.atEnd.openFiles,
    socketsAfterWarmUp: result.afterWarmUp.sockets,
    socketsAtEnd: result.atEnd.sockets,
    growth: growth(result.afterWarmUp.openFiles, result.atEnd.openFiles),
    curve: result.curve.map((point) => point.openFiles),
  };
  const { writes } = result;
  const failures = [];
  if (errors > targets.errors) failures.push(`${errors} errors`);
  if (writes.lost.length > targets.lostWrites) failures.push(`${writes.lost.length} lost writes`);
  if (writes.checked < writes.expected)
    failures.push(`${writes.expected - writes.checked} writes could not be read back`);
  if (memory.growth === null || memory.growth > targets.memoryGrowth)
    failures.push(`memory ${memory.afterWarmUpMb} → ${memory.endMb} MB`);
  if (openFiles.growth === null || openFiles.growth > targets.openFilesGrowth)
    failures.push(`open files ${openFiles.afterWarmUp} → ${openFiles.end}`);
  const percent = (g) => (g === null ? '-' : `${g > 0 ? '+' : ''}${(g * 100).toFixed(1)} %`);
  console.log(
    `\nrequests ${result.requests} (${result.rps} req/s after the warm-up), errors ${errors}\n` +
      `writes acknowledged ${writes.acknowledged}; objects read back ${writes.checked} of ${writes.expected}, lost ${writes.lost.length}\n` +
      `resident memory ${memory.afterWarmUpMb} MB after the warm-up, ${memory.endMb} MB at the end (${percent(memory.growth)})\n` +
      `open files ${openFiles.afterWarmUp} after the warm-up (${openFiles.socketsAfterWarmUp} sockets), ` +
      `${openFiles.end} at the end (${openFiles.socketsAtEnd} sockets; ${percent(openFiles.growth)})\n` +
      `over the run in tenths: resident memory ${memory.curveMb.join(' ')} MB; open files ${openFiles.curve.join(' ')}\n` +
      `load average ${result.loadAverage.toFixed(2)} (1 min) at the end\n` +
      (failures.length === 0 ? 'PASS' : `FAIL: ${failures.join('; ')}`),
  );
  for (const line of [...examples, ...writes.lost.slice(0, 10)]) console.log(`  ${line}`);
  return {
    calls,
    requests: result.requests,
    rps: result.rps,
    errors,
    errorExamples: examples,
    writes: {
      acknowledged: writes.acknowledged,
      checked: writes.checked,
      lost: writes.lost.length,
      lostExamples: writes.lost.slice(0, 10),
    },
    memory,
    openFiles,
    loadAverageAtEnd: Number(result.loadAverage.toFixed(2)),
    failures,
  };
}

// ---------------------------------------------------------------------------------------------

if (settings.server !== 'source') buildUnlessSkipped();
const kind = postgresUrl ? 'postgres' : 'pglite';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-soak-'));
const tenantFile = path.join(tmp, 'tenant.json');
fs.writeFileSync(tenantFile, JSON.stringify(generateTenant()));
console.log(
  `${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(2)} (1 min), Node ${process.version}, ` +
    `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, server run by ${settings.server}`,
);
const summary = {
  date: new Date().toISOString(),
  database: kind,
  settings,
  targets,
  cpus: os.availableParallelism(),
};
let exitCode = 1;
try {
  const result = postgresUrl
    ? await withPostgresDatabase(postgresUrl, (url) => soak(kind, url, tmp, tenantFile))
    : await soak(kind, undefined, tmp, tenantFile);
  Object.assign(summary, report(result));
  exitCode = summary.failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error.stack ?? String(error));
  summary.failures = [`the soak could not run: ${error.message}`];
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(JSON.stringify(summary));
process.exit(exitCode);
