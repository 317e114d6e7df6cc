#!/usr/bin/env node
// `npm run bench:web`: Lighthouse's performance score for the first page (/, the login form) and
// an account page (a signed-in admin's account with its 100 first workspaces), targets (issue 26)
// mobile ≥ 90 and desktop ≥ 95 on each page, printed as met or not met with the figures behind
// them. Printed, not asserted: a score depends on the machine (Lighthouse prints its benchmark index).
//
// Builds (BENCH_NO_BUILD=1 skips it), loads the benchmark tenant (scripts/bench/tenant.mjs) with
// `npm run seed:bench` into a fresh DATA_DIR (PGlite), starts the production server the README's
// way on a free loopback port, and runs Lighthouse (the npm package, in-process) against Chromium
// (CHROME_PATH, default /usr/bin/chromium; headless). Each page is measured --runs times (default
// 3) with Lighthouse's mobile defaults (simulated slow 4G, 4× CPU slowdown) and its desktop preset;
// the median score counts. Every run starts with an empty HTTP cache. For the account page the
// session is put in localStorage first (the app keeps its token there) and Lighthouse is told not
// to wipe storage; the HTTP cache is cleared through the DevTools protocol instead.
//
//   node scripts/bench/web.mjs --runs 5 --only mobile --page account --save /tmp/lhr   (each report as JSON)
//   node scripts/bench/web.mjs --base http://127.0.0.1:8000   (a server already running, its data
//   seeded with `npm run seed:bench` from the tenant of scripts/bench/tenant.mjs: nothing is built or started;
//   for comparing two builds side by side, each behind its own server)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildUnlessSkipped, freePort, logInAsBench, seedTenant, startServer } from './server.mjs';
import { benchUser, generateTenant } from './tenant.mjs';

/** Lighthouse performance score targets per form factor (issue 26). */
const targets = { mobile: 90, desktop: 95 };
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    page: { type: 'string' },
    save: { type: 'string' },
    base: { type: 'string' },
  },
});
const runs = Number(options.runs);
const formFactors = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((f) => !options.only || f.name === options.only);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures of one Lighthouse run that explain its score. */
function figures(lhr) {
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    siMs: ms('speed-index'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** Chromium under Playwright's control (to prepare storage) with a DevTools port for Lighthouse. */
async function launchChromium(tmp) {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(tmp, 'profile-')), {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { context, port };
}

/** Puts a session in the origin's localStorage and empties the HTTP cache, from a page with no app code. */
async function prepare(context, origin, storage) {
  const page = await context.newPage();
  await page.goto(`${origin}/healthz`);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** One Lighthouse run; storage is left as prepare() made it (Lighthouse would wipe the session). */
async function measure(page, port, url, formFactor) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    },
    formFactor.config,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
  if (options.save) {
    fs.mkdirSync(options.save, { recursive: true });
    const name = `${page.replace(/\W+/g, '-')}-${formFactor.name}-${Date.now()}.json`;
    fs.writeFileSync(path.join(options.save, name), JSON.stringify(result.lhr));
  }
  return figures(result.lhr);
}

/** The production server with the benchmark tenant: started here, or the one at --base. */
async function benchServer(tmp) {
  if (options.base) return { url: options.base.replace(/\/+$/, ''), stop: async () => {} };
  buildUnlessSkipped();
  const tenantFile = path.join(tmp, 'tenant.json');
  fs.writeFileSync(tenantFile, JSON.stringify(generateTenant()));
  const env = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  seedTenant(env, tenantFile);
  return startServer(env);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-bench-'));
const server = await benchServer(tmp);
const { context, port } = await launchChromium(tmp);
const report = { date: new Date().toISOString(), targets, runs, cpus: os.availableParallelism(), pages: {} };
const verdicts = [];
try {
  const { token, accounts } = await logInAsBench(server.url, benchUser);
  const account = accounts[0];
  const pages = [
    { name: 'first page', path: '/', storage: {} },
    {
      name: 'account page',
      path: `/account/${account.slug}`,
      storage: { token, activeAccount: String(account.id) },
    },
  ];
  console.log(
    `${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(2)}, Node ${process.version}, ` +
      `Lighthouse ${runs} run(s) per page and form factor; targets mobile ≥ ${targets.mobile}, desktop ≥ ${targets.desktop}\n`,
  );
  for (const page of pages.filter((p) => !options.page || p.name.startsWith(options.page))) {
    for (const formFactor of formFactors) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        await prepare(context, server.url, page.storage);
        results.push(await measure(page.name, port, `${server.url}${page.path}`, formFactor));
      }
      const score = median(results.map((r) => r.score));
      const middle = results.find((r) => r.score === score) ?? results[0];
      const target = targets[formFactor.name];
      const met = score >= target;
      report.pages[`${page.name} (${formFactor.name})`] = {
        path: page.path,
        score,
        target,
        met,
        runs: results,
      };
      verdicts.push(
        `${page.name} ${formFactor.name} ${score} (target ≥ ${target}): ${met ? 'met' : 'NOT MET'}`,
      );
      console.log(
        `${`${page.name} ${page.path}`.padEnd(34)} ${formFactor.name.padEnd(8)} score ${String(score).padStart(3)} ` +
          `(runs ${results.map((r) => r.score).join(', ')}; target ≥ ${target} ${met ? 'met' : 'NOT MET'})  ` +
          `FCP ${middle.fcpMs} ms, LCP ${middle.lcpMs} ms, TBT ${middle.tbtMs} ms, SI ${middle.siMs} ms, ` +
          `CLS ${middle.cls}, benchmark index ${middle.benchmarkIndex}`,
      );
    }
  }
} finally {
  await context.close();
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`\nTargets: ${verdicts.join('; ')}`);
console.log(`\n${JSON.stringify(report)}`);
