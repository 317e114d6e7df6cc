// The elevation profile of issue 23, as `npm run bench` measures it: a 500-sample profile over
// 5 km from the loopback WCS (the API tests' own, server/src/test/wcs-fixture.ts), p50 ≤ 1 s
// cold and ≤ 100 ms from the cache, the server's memory growth ≤ 50 MB. Printed, not asserted.
import { register } from 'tsx/esm/api';
import { api } from './server.mjs';

export const profileTargets = { coldP50Ms: 1000, cachedP50Ms: 100, growthMb: 50 };
const samples = 500;
const lineMetres = 5000;
const coldLines = 5;
const cachedCalls = 20;

/**
 * The fixture WCS on a free loopback port, and how to reach it from the server: the server
 * only fetches from loopback hosts it is told about.
 */
export async function startProfileWcs() {
  register();
  const { startWcsServer } = await import('../../server/src/test/wcs-fixture.ts');
  const { crsDefinition } = await import('../../server/src/modules/elevation/crs.ts');
  const { default: proj4 } = await import('proj4');
  const wcs = await startWcsServer();
  const fromRd = (x, y) => proj4(crsDefinition('EPSG:28992'), 'EPSG:4326', [x, y]);
  return {
    ...wcs,
    fromRd,
    serverEnv: {
      FETCH_ALLOW_HOSTS: `127.0.0.1:${wcs.port}`,
      ELEVATION_WCS_URL: `${wcs.origin}/ahn/wcs`,
      ELEVATION_WCS_COVERAGE: 'dtm',
    },
  };
}

/**
 * Lines of 5 km running north-east, the costliest direction for the windows a profile fetches
 * (each holds the box around its stretch of the line: square for a diagonal, a 16-row strip
 * for an east–west line), side by side on the fixture's coverage (x 150000–170000,
 * y 460000–470000), far enough apart that no two share a window.
 */
function diagonalLines(fromRd) {
  const side = lineMetres / Math.SQRT2;
  return Array.from({ length: coldLines }, (_, i) => {
    const x = 150200 + i * 3900;
    return [fromRd(x, 460500), fromRd(x + side, 460500 + side)];
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Warms the code up on an east–west line (which leaves little in the cache), reads the
 * server's memory, then times each diagonal line once (cold: every window comes from the WCS)
 * and the last one again and again (its windows cached), sampling the memory every 50 ms.
 */
export async function benchProfile({ server, token, workspace, wcs }) {
  const profile = (line) =>
    api(server.url, `/api/workspaces/${workspace}/profile`, {
      token,
      method: 'POST',
      body: { line, samples },
    });
  const timed = async (line) => {
    const started = performance.now();
    const answer = await profile(line);
    const ms = performance.now() - started;
    if (answer.points.length !== samples || answer.profiles[0]?.heights.some((h) => h === null))
      throw new Error('the profile came back incomplete');
    return ms;
  };

  await profile([wcs.fromRd(150500, 468000), wcs.fromRd(150500 + lineMetres, 468000)]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = server.rssMb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 50);
  const lines = diagonalLines(wcs.fromRd);
  const requestsBefore = wcs.getCoverages();
  const cold = [];
  const cached = [];
  try {
    for (const line of lines) cold.push(await timed(line));
    const coldRequests = wcs.getCoverages() - requestsBefore;
    for (let i = 0; i < cachedCalls; i++) cached.push(await timed(lines.at(-1)));
    const fromCache = wcs.getCoverages() - requestsBefore === coldRequests;
    const after = server.rssMb();
    peak = Math.max(peak, after);
    return {
      samples,
      lineMetres,
      coldP50Ms: median(cold),
      coldMaxMs: Math.max(...cold),
      cachedP50Ms: median(cached),
      cachedMaxMs: Math.max(...cached),
      getCoveragePerColdLine: coldRequests / lines.length,
      cachedWithoutRequests: fromCache,
      baselineRssMb: baseline,
      peakRssMb: peak,
      afterRssMb: after,
      growthMb: peak - baseline,
    };
  } finally {
    clearInterval(sampler);
  }
}

const verdict = (value, target) => (value <= target ? 'met' : 'not met');

export function printProfile(r) {
  const ms = (n) => `${Math.round(n)} ms`;
  console.log(
    `\nProfile, ${r.samples} samples over ${r.lineMetres / 1000} km north-east, loopback WCS ` +
      `(${r.getCoveragePerColdLine} GetCoverage per cold line):\n` +
      `  cold    p50 ${ms(r.coldP50Ms).padStart(7)}  max ${ms(r.coldMaxMs).padStart(7)}   target ≤ ${profileTargets.coldP50Ms} ms (${verdict(r.coldP50Ms, profileTargets.coldP50Ms)}), ${coldLines} lines\n` +
      `  cached  p50 ${ms(r.cachedP50Ms).padStart(7)}  max ${ms(r.cachedMaxMs).padStart(7)}   target ≤ ${profileTargets.cachedP50Ms} ms (${verdict(r.cachedP50Ms, profileTargets.cachedP50Ms)}), ${cachedCalls} calls${r.cachedWithoutRequests ? '' : ', NOT all from the cache'}\n` +
      `  memory  ${r.baselineRssMb} MB → peak ${r.peakRssMb} MB, ${r.afterRssMb} MB after: growth ${r.growthMb} MB   target ≤ ${profileTargets.growthMb} MB (${verdict(r.growthMb, profileTargets.growthMb)})`,
  );
}
