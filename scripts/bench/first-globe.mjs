#!/usr/bin/env node
// `npm run bench:globe`: issue 15, item 2, and issue 26, item 4 — the time to the first drawn globe
// on the workspace viewer should be within 1.1× of a bare CesiumJS page with the same layers.
// Printed, not asserted.
//
// It builds the app when stale, starts the production server the README's way (`npm start`'s
// script) on a fresh DATA_DIR and a free loopback port, creates a user, an account and a
// workspace through the API, and serves a bare CesiumJS page from a second loopback server:
// Cesium's own prebuilt Cesium.js with the Workers and Assets the web build copied (web/dist/cesium,
// the files the app serves), a CesiumWidget with the same offline Natural Earth II base, no Ion,
// the same camera pose (the one the app's map really has beside its layer panel). Headless
// Chromium (/usr/bin/chromium, WebGL in software: SwiftShader) opens each page in a fresh
// browser context (empty cache), interleaved (app, bare, bare, app, …),
// same window size, and measures from navigation start to the first idle globe: the frame
// after which the map has every tile and layer it wants and 3 more frames drew nothing new —
// the `?e2e` hook's waitForIdle on the app, the same check in a small probe on the bare page.
//
// Options: --runs N (per page, default 7), --xyz (one XYZ tile layer from the local server in
// both), --width/--height (default 1280×800), --trace DIR (a Chrome trace of the first measured
// run of each page, app.json and bare.json, for chrome://tracing or DevTools' Performance panel).
// BENCH_NO_BUILD=1 skips the build check.
// CHROMIUM_PATH overrides /usr/bin/chromium.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const root = path.resolve(import.meta.dirname, '../..');
const target = 1.1;
const password = 'Bench-Horse-Battery-42';
const chromiumFlags = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * The product's default camera (packages/contract, `defaultCamera`): the app opens there. The app
 * frames it in the part of the map its layer panel leaves free, which moves its camera sideways
 * (web/src/viewer/framing.ts): the bare page takes the pose the app's camera really has after the
 * warm-up run (the `?e2e` hook's getPose), so both draw the same part of the world.
 */
const camera = { longitude: 5.3, latitude: 52.1, height: 350_000, heading: 0, pitch: -90, roll: 0 };

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    xyz: { type: 'boolean', default: false },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    trace: { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs));
const viewport = { width: Number(options.width), height: Number(options.height) };

const round = (value, digits = 0) => Number(value.toFixed(digits));
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index];
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The bare page, its Cesium files and the XYZ tiles, from a second server on loopback.

/** Cesium's own prebuilt bundle (the app bundles Cesium into its cesium-engine chunk instead), same version. */
const cesiumJs = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cesium/package.json')),
  'Build/Cesium/Cesium.js',
);
const builtCesium = path.join(root, 'web/dist/cesium');

/** A 256 px PNG of one colour (the XYZ layer's tiles). */
function solidPng([r, g, b]) {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

/**
 * What "the globe is drawn" means, the same on both pages: the engine's waitForIdle
 * (web/src/viewer/cesium-engine.ts) without the app's layer bookkeeping — globe tiles loaded,
 * every imagery layer ready, no request in flight, for 4 frames in a row.
 */
const bareProbe = `
function waitForIdle(widget, timeoutMs) {
  const scene = widget.scene;
  return new Promise((resolve, reject) => {
    let quiet = 0;
    const isIdle = () => {
      if (!scene.globe.tilesLoaded) return false;
      for (let i = 0; i < widget.imageryLayers.length; i++) if (!widget.imageryLayers.get(i).ready) return false;
      return widget.dataSourceDisplay.ready && Cesium.RequestScheduler.statistics.numberOfActiveRequests === 0;
    };
    const ticking = setInterval(() => scene.requestRender(), 50);
    const finish = (error) => { clearInterval(ticking); clearTimeout(timer); removeRender(); error ? reject(error) : resolve(); };
    const removeRender = scene.postRender.addEventListener(() => {
      quiet = isIdle() ? quiet + 1 : 0;
      if (quiet >= 4) finish();
    });
    const timer = setTimeout(() => finish(new Error('not idle in time')), timeoutMs);
    scene.requestRender();
  });
}`;

function barePage(xyzUrl, mapHeight, pose) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare CesiumJS</title>
<link rel="stylesheet" href="/cesium/Widgets/widgets.css">
<style>html,body{margin:0;height:100%;overflow:hidden;background:#000}#map{position:absolute;left:0;right:0;bottom:0;height:${mapHeight}px}</style>
<script>window.CESIUM_BASE_URL = '/cesium/';</script>
<script src="/cesium/Cesium.js"></script>
</head><body><div id="map"></div>
<script>
${bareProbe}
const widget = new Cesium.CesiumWidget('map', {
  baseLayer: Cesium.ImageryLayer.fromProviderAsync(
    Cesium.TileMapServiceImageryProvider.fromUrl(Cesium.buildModuleUrl('Assets/Textures/NaturalEarthII')),
  ),
  terrainProvider: new Cesium.EllipsoidTerrainProvider(),
  requestRenderMode: true,
  maximumRenderTimeChange: Number.POSITIVE_INFINITY,
});
${xyzUrl ? `widget.imageryLayers.add(new Cesium.ImageryLayer(new Cesium.UrlTemplateImageryProvider({ url: ${JSON.stringify(xyzUrl)}, maximumLevel: 19 })));` : ''}
widget.scene.camera.setView({
  destination: Cesium.Cartesian3.fromDegrees(${pose.longitude}, ${pose.latitude}, ${pose.height}),
  orientation: {
    heading: Cesium.Math.toRadians(${pose.heading}),
    pitch: Cesium.Math.toRadians(${pose.pitch}),
    roll: Cesium.Math.toRadians(${pose.roll}),
  },
});
window.__mapCreated = performance.now();
waitForIdle(widget, 120000).then(
  () => { window.__firstGlobe = performance.now(); },
  (error) => { window.__firstGlobeError = String(error); },
);
</script></body></html>`;
}

const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.xml': 'text/xml',
  '.html': 'text/html',
};

function startLocalServer(state) {
  const tile = solidPng([255, 0, 255]);
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/bare.html') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(barePage(state.xyzUrl, state.mapHeight, state.pose));
      return;
    }
    if (/^\/xyz\/\d+\/\d+\/\d+\.png$/.test(pathname)) {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
      response.end(tile);
      return;
    }
    const file =
      pathname === '/cesium/Cesium.js'
        ? cesiumJs
        : pathname.startsWith('/cesium/')
          ? path.join(builtCesium, path.normalize(decodeURIComponent(pathname.slice('/cesium/'.length))))
          : null;
    if (!file || !(file === cesiumJs || file.startsWith(builtCesium + path.sep)) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------------------------------------
// The app: the production server on a fresh DATA_DIR, a user with a workspace.

async function startApp(dataDir, port, localOrigin) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The XYZ layer's tiles come from the local server: the map page's CSP admits it.
      FETCH_ALLOW_HOSTS: new URL(localOrigin).host,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('The server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base };
}

async function api(base, method, pathname, body, token) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function prepareWorkspace(base, dataDir, xyzUrl) {
  const username = 'globe-bench';
  await api(base, 'POST', '/api/auth/register', {
    username,
    email: `${username}@bench.test`,
    password,
  });
  // The operator command activates the user (no mail needed); the running server carries it out.
  execFileSync(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'user', 'activate', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { auth_token: token } = await api(base, 'POST', '/auth/login/', { username, password });
  const me = (await api(base, 'GET', '/api/users', null, token)).results[0];
  const account = await api(
    base,
    'POST',
    '/api/accounts',
    { admin: me.id, name: 'Bench', description: 'Bench' },
    token,
  );
  const workspace = await api(
    base,
    'POST',
    '/api/workspaces',
    { admin: me.id, account: account.id, name: 'First globe', description: 'Bench' },
    token,
  );
  if (xyzUrl) {
    const source = await api(
      base,
      'POST',
      '/api/datasources',
      { name: 'Tiles', type: 3, account: account.id, config: { url: xyzUrl } },
      token,
    );
    await api(
      base,
      'POST',
      '/api/layers',
      { workspace: workspace.id, name: 'Tiles', data_source: source.id, visible: true },
      token,
    );
  }
  return { token, workspaceId: workspace.id };
}

// ---------------------------------------------------------------------------------------------
// One measured page load.

/** Runs in the app's pages before anything else: waits for the ?e2e hook, then for its idle globe. */
function appProbe() {
  let hook;
  Object.defineProperty(window, '__viewer', {
    configurable: true,
    get: () => hook,
    set(value) {
      hook = value;
      window.__mapCreated = performance.now();
      value.waitForIdle(120_000).then(
        () => {
          window.__firstGlobe = performance.now();
        },
        (error) => {
          window.__firstGlobeError = String(error);
        },
      );
    },
  });
}

/**
 * DevTools' own categories, and the GPU process's: in software WebGL the GPU process's main thread
 * draws the map, compiles its shaders and composites the page, and is busy throughout.
 */
const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.screenshot',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'gpu',
  'viz',
  'cc',
];

/** Both pages: room for every tile's timing entry (the browser keeps 250 by default, then drops the rest). */
function roomForTimings() {
  performance.setResourceTimingBufferSize(10_000);
}

async function measure(browser, kind, urls, token, traceFile) {
  const context = await browser.newContext({ viewport });
  try {
    await context.addInitScript(roomForTimings);
    if (kind === 'app') {
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
      await context.addInitScript(appProbe);
    }
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (traceFile)
      await browser.startTracing(page, { path: traceFile, screenshots: true, categories: traceCategories });
    await page.goto(kind === 'app' ? urls.app : urls.bare, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstGlobe || window.__firstGlobeError, null, {
      timeout: 180_000,
      polling: 50,
    });
    if (traceFile) await browser.stopTracing();
    const result = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const navigation = performance.getEntriesByType('navigation')[0];
      const ends = (test) => {
        const matching = resources.filter((r) => test(r.name));
        return matching.length ? Math.max(...matching.map((r) => r.responseEnd)) : null;
      };
      const api = resources.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
      return {
        error: window.__firstGlobeError ?? null,
        firstGlobe: window.__firstGlobe,
        mapCreated: window.__mapCreated,
        pose: window.__viewer?.getPose?.() ?? null,
        document: navigation?.responseEnd ?? null,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
        cesiumScript: ends((name) => /cesium-engine-[^/]*\.js$|\/Cesium\.js$/.test(name)),
        cesiumScriptStart: (() => {
          const engine = resources.find((r) => /cesium-engine-[^/]*\.js$|\/Cesium\.js$/.test(r.name));
          return engine ? engine.startTime : null;
        })(),
        firstApiStart: api.length ? Math.min(...api.map((r) => r.startTime)) : null,
        lastApiEnd: api.length ? Math.max(...api.map((r) => r.responseEnd)) : null,
        apiCalls: api.map((r) => new URL(r.name).pathname),
        // The same base imagery in both: more tiles means the app's map looked at more of the world.
        baseTiles: resources.filter((r) => /\/NaturalEarthII\/\d+\//.test(r.name)).length,
        scripts: resources.filter((r) => r.initiatorType === 'script' || /\.js$/.test(r.name)).length,
        kilobytes: Math.round(
          (resources.reduce((sum, r) => sum + (r.transferSize || r.encodedBodySize || 0), 0) +
            (navigation?.transferSize ?? 0)) /
            1024,
        ),
        canvas: (() => {
          const canvas = document.querySelector('.cesium-widget canvas');
          return canvas ? { width: canvas.clientWidth, height: canvas.clientHeight } : null;
        })(),
      };
    });
    if (result.error) throw new Error(`${kind}: ${result.error}`);
    if (errors.length) result.pageErrors = errors;
    return result;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (process.env.BENCH_NO_BUILD !== '1') {
    const { ensureBuilt } = await import('../build-if-stale.mjs');
    await ensureBuilt();
  }
  if (!fs.existsSync(path.join(builtCesium, 'Workers')))
    throw new Error('web/dist/cesium is missing: build the web app');
  const loadAtStart = round(os.loadavg()[0], 2);
  console.log(
    `${os.availableParallelism()} CPUs, load average ${loadAtStart} (1 min), Node ${process.version}, ${runs} runs per page, ${viewport.width}×${viewport.height}, ${options.xyz ? 'base + one XYZ layer' : 'base layer only'}`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-globe-bench-'));
  const state = { xyzUrl: null, mapHeight: viewport.height, pose: camera };
  const local = await startLocalServer(state);
  const localOrigin = `http://127.0.0.1:${local.address().port}`;
  if (options.xyz) state.xyzUrl = `${localOrigin}/xyz/{z}/{x}/{y}.png`;
  let app;
  let browser;
  try {
    app = await startApp(dataDir, await freePort(), localOrigin);
    const { token, workspaceId } = await prepareWorkspace(app.base, dataDir, state.xyzUrl);
    const urls = { app: `${app.base}/workspace/view/${workspaceId}?e2e`, bare: `${localOrigin}/bare.html` };
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    });

    // A warm-up of each (not counted): the server's and the disk's caches, and the map's size
    // and camera pose, which the bare page copies (the app's toolbar takes the top of the window).
    const warm = await measure(browser, 'app', urls, token);
    if (warm.canvas) state.mapHeight = warm.canvas.height;
    if (warm.pose) state.pose = warm.pose;
    console.log(
      `camera: the app's default ${JSON.stringify(camera)}, as drawn beside its panel ${JSON.stringify(state.pose)}`,
    );
    await measure(browser, 'bare', urls, token);

    const results = { app: [], bare: [] };
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
      for (const kind of order) {
        const traceFile =
          options.trace && run < 2 && results[kind].length === 0
            ? path.resolve(options.trace, `${kind}.json`)
            : undefined;
        if (traceFile) fs.mkdirSync(options.trace, { recursive: true });
        const result = await measure(browser, kind, urls, token, traceFile);
        results[kind].push(result);
        console.log(
          `  run ${run + 1} ${kind.padEnd(4)} ${String(Math.round(result.firstGlobe)).padStart(6)} ms  (map created at ${Math.round(result.mapCreated)} ms)`,
        );
      }
    }

    const stats = (kind) => {
      const times = results[kind].map((r) => r.firstGlobe);
      return {
        median_ms: round(median(times)),
        p90_ms: round(quantile(times, 0.9)),
        min_ms: round(Math.min(...times)),
        max_ms: round(Math.max(...times)),
      };
    };
    const app_ = stats('app');
    const bare = stats('bare');
    const ratio = round(app_.median_ms / bare.median_ms, 2);
    const p90Ratio = round(app_.p90_ms / bare.p90_ms, 2);
    const phase = (kind, key) => {
      const values = results[kind].map((r) => r[key]).filter((v) => typeof v === 'number');
      return values.length ? round(median(values)) : null;
    };
    const breakdown = (kind) => ({
      document_ms: phase(kind, 'document'),
      dom_content_loaded_ms: phase(kind, 'domContentLoaded'),
      first_api_call_ms: phase(kind, 'firstApiStart'),
      last_api_answer_ms: phase(kind, 'lastApiEnd'),
      cesium_script_requested_ms: phase(kind, 'cesiumScriptStart'),
      cesium_script_loaded_ms: phase(kind, 'cesiumScript'),
      map_created_ms: phase(kind, 'mapCreated'),
      globe_idle_ms: phase(kind, 'firstGlobe'),
      kilobytes: phase(kind, 'kilobytes'),
      base_tiles: phase(kind, 'baseTiles'),
      api_calls: results[kind][0]?.apiCalls.length ?? 0,
    });

    const row = (label, s) =>
      `${label.padEnd(16)}${String(s.median_ms).padStart(9)}${String(s.p90_ms).padStart(9)}${String(s.min_ms).padStart(9)}${String(s.max_ms).padStart(9)}`;
    console.log(`\nFirst drawn globe, ms from navigation start (${runs} runs each, interleaved)`);
    console.log(
      `${''.padEnd(16)}${'median'.padStart(9)}${'p90'.padStart(9)}${'min'.padStart(9)}${'max'.padStart(9)}`,
    );
    console.log(row('bare CesiumJS', bare));
    console.log(row('app /workspace', app_));
    console.log(
      `ratio app/bare: ${ratio}× (median), ${p90Ratio}× (p90)   target ≤ ${target}× (${ratio <= target ? 'met' : 'missed'})`,
    );
    const app_b = breakdown('app');
    const bare_b = breakdown('bare');
    console.log('\nWhere the time goes (medians, ms from navigation start)');
    const line = (label, key) =>
      console.log(
        `  ${label.padEnd(28)}${String(app_b[key] ?? '–').padStart(8)}${String(bare_b[key] ?? '–').padStart(8)}`,
      );
    console.log(`  ${''.padEnd(28)}${'app'.padStart(8)}${'bare'.padStart(8)}`);
    line('HTML received', 'document_ms');
    line('DOMContentLoaded', 'dom_content_loaded_ms');
    line('first API call sent', 'first_api_call_ms');
    line('last API answer', 'last_api_answer_ms');
    line('Cesium script requested', 'cesium_script_requested_ms');
    line('Cesium script received', 'cesium_script_loaded_ms');
    line('map created', 'map_created_ms');
    line('globe drawn (idle)', 'globe_idle_ms');
    line('kilobytes transferred', 'kilobytes');
    line('base imagery tiles fetched', 'base_tiles');
    console.log(`  app's API calls before the globe: ${results.app[0]?.apiCalls.join(', ')}`);

    const summary = {
      benchmark: 'first-globe',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load_average_1m: { start: loadAtStart, end: round(os.loadavg()[0], 2) },
      viewport,
      map_size: { width: warm.canvas?.width ?? null, height: state.mapHeight },
      layers: options.xyz ? 'base+xyz' : 'base',
      runs,
      target_ratio: target,
      results: { app: app_, bare, ratio_median: ratio, ratio_p90: p90Ratio },
      breakdown: { app: app_b, bare: bare_b },
    };
    console.log(`\n${JSON.stringify(summary)}`);
  } finally {
    await browser?.close();
    if (app) {
      app.child.kill('SIGTERM');
      await new Promise((resolve) =>
        app.child.exitCode !== null ? resolve() : app.child.once('exit', resolve),
      );
    }
    local.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
