import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { writeArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema.js';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';
import { answerWcs, wcsSideCap as cap, inHole, plane, wcsParams } from '../../test/wcs-fixture.js';
import { crsDefinition } from './crs.js';

/*
 * RUNTIME.md, "Workspace tools", Profiles. The WCS is the tests' own on loopback
 * (../../test/wcs-fixture.ts: a plane of heights in EPSG:28992 with a square without
 * heights, at most 4,096 × 4,096 pixels per answer); the GeoTIFF files (EPSG:3857) are
 * served beside it.
 */

const rd = crsDefinition('EPSG:28992') as string;
const mercator = crsDefinition('EPSG:3857') as string;
const toRd = (lon: number, lat: number) => proj4('EPSG:4326', rd, [lon, lat]) as [number, number];
const fromRd = (x: number, y: number) => proj4(rd, 'EPSG:4326', [x, y]) as [number, number];
const toMercator = (lon: number, lat: number) => proj4('EPSG:4326', mercator, [lon, lat]) as [number, number];
const fromMercator = (x: number, y: number) => proj4(mercator, 'EPSG:4326', [x, y]) as [number, number];

/** The GeoTIFF file: 5 m pixels in EPSG:3857, 800 × 800, heights h = 0.001·(x − x0) + 0.002·(y − y0) from its top-left corner; a nodata square. */
const tiffGrid = { x0: 590000, y0: 6820000, step: 5, size: 800 };
const tiffPlane = (x: number, y: number) => 0.001 * (x - tiffGrid.x0) + 0.002 * (tiffGrid.y0 - y);
const tiffHole = (col: number, row: number) => col >= 400 && col < 420 && row >= 100 && row < 120;

function geotiffFile(): Buffer {
  const { size, step, x0, y0 } = tiffGrid;
  const values = new Float32Array(size * size);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      values[row * size + col] = tiffHole(col, row)
        ? -9999
        : tiffPlane(x0 + (col + 0.5) * step, y0 - (row + 0.5) * step);
  return Buffer.from(
    writeArrayBuffer(values, {
      width: size,
      height: size,
      ModelPixelScale: [step, step, 0],
      ModelTiepoint: [0, 0, 0, x0, y0, 0],
      GTModelTypeGeoKey: 1,
      GTRasterTypeGeoKey: 1,
      ProjectedCSTypeGeoKey: 3857,
      GDAL_NODATA: '-9999',
    } as never),
  );
}

type Logged = { path: string; params: URLSearchParams; range: string | undefined };

function startFixtures() {
  const requests: Logged[] = [];
  const file = geotiffFile();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const params = wcsParams(url);
    requests.push({ path: url.pathname, params, range: request.headers.range });
    const send = (
      status: number,
      type: string,
      body: Buffer | string,
      headers: Record<string, string> = {},
    ) => {
      response.writeHead(status, { 'Content-Type': type, ...headers });
      response.end(body);
    };
    if (url.pathname === '/ahn/wcs') {
      const answer = answerWcs(params);
      return send(answer.status, answer.type, answer.body);
    }
    if (url.pathname === '/broken/wcs') return send(500, 'text/plain', 'Internal Server Error');
    if (url.pathname === '/files/dem.tif' || url.pathname === '/plain/dem.tif') {
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (url.pathname === '/files/dem.tif' && range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), file.length - 1);
        return send(206, 'image/tiff', file.subarray(start, end + 1), {
          'Content-Range': `bytes ${start}-${end}/${file.length}`,
        });
      }
      return send(200, 'image/tiff', file);
    }
    return send(404, 'text/plain', 'Not found');
  });
  return new Promise<{ origin: string; port: number; requests: Logged[]; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          origin: `http://127.0.0.1:${port}`,
          port,
          requests,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
    },
  );
}

type Profile = {
  length: number;
  points: { distance: number; longitude: number; latitude: number }[];
  profiles: {
    title: string;
    color: string;
    heights: (number | null)[];
    stats: Record<'min' | 'max' | 'mean' | 'ascent' | 'descent', number | null>;
  }[];
};

describe('POST /api/workspaces/{id}/profile', () => {
  let t: TestApp;
  let mail: MailServer;
  let fixtures: Awaited<ReturnType<typeof startFixtures>>;
  let token: string;
  let strangerToken: string;
  let account: { id: number };
  let workspace: { id: number };
  const source = async (
    name: string,
    type: number,
    config: Record<string, unknown>,
    as = token,
    id = account.id,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(as),
      payload: { name, type, account: id, config },
    });
    if (res.statusCode !== 201) throw new Error(`datasource failed: ${res.body}`);
    return res.json().id as number;
  };
  const setProfiles = async (profiles: unknown[]) => {
    await t.database.db
      .update(workspaces)
      .set({ workspacePlugins: { elevation: { profiles } } })
      .where(eq(workspaces.id, workspace.id));
  };
  const profile = (body: unknown, { as = token as string | null, query = '', accept = '' } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.id}/profile${query}`,
      headers: { ...(as ? auth(as) : {}), ...(accept ? { accept } : {}) },
      payload: body as Record<string, unknown>,
    });
  const getCoverages = () => fixtures.requests.filter((r) => r.params.get('REQUEST') === 'GetCoverage');
  /** A line in RD metres as [longitude, latitude] points. */
  const line = (...points: [number, number][]) => points.map(([x, y]) => fromRd(x, y));

  beforeAll(async () => {
    fixtures = await startFixtures();
    ({ t, mail } = await startApiTest({
      FETCH_ALLOW_HOSTS: `127.0.0.1:${fixtures.port}`,
      ELEVATION_WCS_URL: `${fixtures.origin}/ahn/wcs`,
      ELEVATION_WCS_COVERAGE: 'dtm',
    }));
    const alice = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    strangerToken = await loginToken(t, await buildActiveUser(t, mail));
    account = await buildAccount(t, token, alice.id, 'Heights');
    workspace = await buildWorkspace(t, token, alice.id, account.id, 'Dunes');
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    await fixtures.close();
  });

  it('samples the built-in ground model (the default profile) along the line, evenly on the ellipsoid', async () => {
    const res = await profile({
      line: line([152000, 462000], [153000, 463000], [153000, 461000]),
      samples: 21,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Profile;
    expect(body.points).toHaveLength(21);
    expect(body.points[0]).toMatchObject({ distance: 0 });
    expect(body.points.at(-1)?.distance).toBe(body.length);
    // About √2 km + 2 km in RD metres, whose scale is within 0.01 % of the ellipsoid's there.
    expect(body.length).toBeGreaterThan(3400);
    expect(body.length).toBeLessThan(3430);
    const steps = body.points.slice(1).map((p, i) => p.distance - (body.points[i]?.distance ?? 0));
    for (const step of steps) expect(step).toBeCloseTo(body.length / 20, 6);
    expect(body.profiles.map((p) => [p.title, p.color])).toEqual([['AHN3/AHN4', 'red']]);
    const [ahn] = body.profiles;
    body.points.forEach((point, i) => {
      const [x, y] = toRd(point.longitude, point.latitude);
      expect(ahn?.heights[i]).toBeCloseTo(plane(x, y), 3);
    });
    const heights = ahn?.heights as number[];
    expect(ahn?.stats.min).toBeCloseTo(Math.min(...heights), 9);
    expect(ahn?.stats.max).toBeCloseTo(Math.max(...heights), 9);
    expect(ahn?.stats.mean).toBeCloseTo(heights.reduce((a, b) => a + b, 0) / heights.length, 9);
    // The rises and falls between the points: up towards the corner (3 m), then down (4 m).
    const rises = heights.slice(1).map((h, i) => h - (heights[i] as number));
    expect(ahn?.stats.ascent).toBeCloseTo(
      rises.filter((r) => r > 0).reduce((a, b) => a + b, 0),
      9,
    );
    expect(ahn?.stats.descent).toBeCloseTo(-rises.filter((r) => r < 0).reduce((a, b) => a + b, 0), 9);
    expect(ahn?.stats.ascent).toBeGreaterThan(2.8);
    expect(ahn?.stats.descent).toBeGreaterThan(3.8);
  });

  it('answers null where the coverage has no height (the float32 maximum) or no pixel, and stats over the rest', async () => {
    const res = await profile({ line: line([160500, 465000], [160700, 465200]), samples: 5 });
    expect(res.json().profiles[0]).toEqual({
      title: 'AHN3/AHN4',
      color: 'red',
      heights: [null, null, null, null, null],
      stats: { min: null, max: null, mean: null, ascent: null, descent: null },
    });
    // Across the coverage's western edge at x = 150000: null outside it.
    const edge = (
      await profile({ line: line([149000, 465000], [151000, 465000]), samples: 5 })
    ).json() as Profile;
    const heights = edge.profiles[0]?.heights ?? [];
    expect(heights.slice(0, 2)).toEqual([null, null]);
    expect(heights.slice(3).every((h) => typeof h === 'number')).toBe(true);
    expect(edge.profiles[0]?.stats.min).toBe(Math.min(...(heights.filter((h) => h !== null) as number[])));
  });

  it('takes a long line in several GetCoverage requests, none beyond the server’s 4,096 pixels, and caches them', async () => {
    const before = getCoverages().length;
    const long = { line: line([150500, 465000], [169500, 465000]), samples: 2000 };
    const res = await profile(long);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Profile;
    const sent = getCoverages().slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const request of sent) {
      const [a, b] = /x\(([^,]+),([^)]+)\)/.exec(request.params.getAll('SUBSET').join(' '))?.slice(1) ?? [];
      expect(Number(b) - Number(a)).toBeLessThanOrEqual(cap);
    }
    let nulls = 0;
    body.points.forEach((point, i) => {
      const [x, y] = toRd(point.longitude, point.latitude);
      const height = body.profiles[0]?.heights[i];
      if (inHole(x, y, -2)) expect(height).toBeNull();
      else if (!inHole(x, y, 2)) expect(height).toBeCloseTo(plane(x, y), 3);
      if (height === null) nulls += 1;
    });
    expect(nulls).toBeGreaterThan(90);
    expect(nulls).toBeLessThan(120);
    // The same line again: every window from the cache, DescribeCoverage too.
    const again = fixtures.requests.length;
    expect((await profile(long)).json()).toEqual(body);
    expect(fixtures.requests.length).toBe(again);
  });

  it('gives the configured profiles in order: WCS and GeoTIFF sources, not Cesium terrain nor another account’s source', async () => {
    const wcs = await source('Dunes WCS', 9, { url: `${fixtures.origin}/ahn/wcs`, coverage: 'dtm_tagged' });
    const tiff = await source('Dunes GeoTIFF', 10, { url: `${fixtures.origin}/files/dem.tif` });
    const terrain = await source('Terrain', 8, { url: `${fixtures.origin}/terrain/` });
    const bob = await buildActiveUser(t, mail);
    const bobToken = await loginToken(t, bob);
    const otherAccount = await buildAccount(t, bobToken, bob.id, 'Elsewhere');
    const foreign = await source(
      'Foreign',
      9,
      { url: `${fixtures.origin}/ahn/wcs`, coverage: 'dtm' },
      bobToken,
      otherAccount.id,
    );
    await setProfiles([
      { title: 'Dunes, north', color: '#00ff00', datasource: wcs },
      { title: 'Terrain', color: 'blue', datasource: terrain },
      { title: 'AHN3/AHN4', color: 'red', datasource: null },
      { title: 'Foreign', color: 'black', datasource: foreign },
      { title: 'Missing', color: 'black', datasource: 999999 },
      { title: 'File', color: 'orange', datasource: tiff },
    ]);
    const res = await profile({ line: line([160200, 464500], [160800, 465500]), samples: 11 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Profile;
    expect(body.profiles.map((p) => p.title)).toEqual(['Dunes, north', 'AHN3/AHN4', 'File']);
    // The tagged coverage says its nodata in the GeoTIFF only (GDAL_NODATA): the same nulls.
    expect(body.profiles[0]?.heights).toEqual(body.profiles[1]?.heights);
    // The file lies elsewhere: all null here.
    expect(body.profiles[2]?.heights.every((h) => h === null)).toBe(true);
    expect(body.profiles[2]?.stats).toEqual({
      min: null,
      max: null,
      mean: null,
      ascent: null,
      descent: null,
    });
  });

  it('reads a GeoTIFF with range requests, through the fetcher, in EPSG:3857, nodata from GDAL_NODATA', async () => {
    const tiff = await source('DEM file', 10, { url: `${fixtures.origin}/files/dem.tif` });
    const whole = await source('DEM whole', 10, { url: `${fixtures.origin}/plain/dem.tif` });
    await setProfiles([
      { title: 'Ranges', color: 'red', datasource: tiff },
      { title: 'Whole', color: 'blue', datasource: whole },
    ]);
    const { x0, y0, step } = tiffGrid;
    // From (col 100, row 110) to (col 700, row 110): across the hole at columns 400–419.
    const ends = [
      fromMercator(x0 + 100 * step, y0 - 110 * step),
      fromMercator(x0 + 700 * step, y0 - 110 * step),
    ];
    const res = await profile({ line: ends, samples: 61 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Profile;
    const [ranges, wholeFile] = body.profiles;
    expect(wholeFile?.heights).toEqual(ranges?.heights);
    body.points.forEach((point, i) => {
      const [x, y] = toMercator(point.longitude, point.latitude);
      const col = (x - x0) / step;
      const height = ranges?.heights[i];
      if (col > 401 && col < 419) expect(height).toBeNull();
      else if (col < 398 || col > 422) expect(height).toBeCloseTo(tiffPlane(x, y), 3);
    });
    const fileRequests = fixtures.requests.filter((r) => r.path === '/files/dem.tif');
    expect(fileRequests.length).toBeGreaterThan(0);
    expect(fileRequests.every((r) => r.range?.startsWith('bytes='))).toBe(true);
    // The server without range requests sent the file once.
    expect(fixtures.requests.filter((r) => r.path === '/plain/dem.tif')).toHaveLength(1);
  });

  it('answers CSV for Accept: text/csv, a title with a comma quoted, an empty cell for null', async () => {
    await setProfiles([
      { title: 'AHN3/AHN4', color: 'red', datasource: null },
      { title: 'Dune, "south"', color: 'blue', datasource: null },
    ]);
    const body = { line: line([159990, 465000], [160010, 465000]), samples: 3 };
    const json = (await profile(body)).json() as Profile;
    const res = await profile(body, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = res.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('distance,longitude,latitude,AHN3/AHN4,"Dune, ""south"""');
    expect(rows).toHaveLength(4);
    json.points.forEach((point, i) => {
      const height = json.profiles[0]?.heights[i];
      const cell = height === null || height === undefined ? '' : String(height);
      expect(rows[i + 1]).toBe(`${point.distance},${point.longitude},${point.latitude},${cell},${cell}`);
    });
    expect(rows[3]?.endsWith(',,')).toBe(true);
  });

  it('fails with 502 naming the profile when its elevation service fails, or speaks an unknown CRS', async () => {
    const broken = await source('Broken', 9, { url: `${fixtures.origin}/broken/wcs`, coverage: 'dtm' });
    const lambert = await source('Lambert', 9, {
      url: `${fixtures.origin}/ahn/wcs`,
      coverage: 'dtm_lambert',
    });
    const body = { line: line([152000, 462000], [153000, 463000]), samples: 3 };
    await setProfiles([
      { title: 'AHN3/AHN4', color: 'red', datasource: null },
      { title: 'Broken heights', color: 'blue', datasource: broken },
    ]);
    const res = await profile(body);
    expect(res.statusCode).toBe(502);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(res.json().detail).toContain('"Broken heights"');
    await setProfiles([{ title: 'Belgian', color: 'blue', datasource: lambert }]);
    const unknown = await profile(body);
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().detail).toMatch(/"Belgian".*EPSG:31370/);
    await setProfiles([{ title: 'AHN3/AHN4', color: 'red', datasource: null }]);
  });

  it('lets a share link’s token read without a login; strangers get 404, no login 401', async () => {
    const body = { line: line([152000, 462000], [153000, 463000]), samples: 3 };
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.id}/share`,
      headers: auth(token),
      payload: {},
    });
    const shared = await profile(body, { as: null, query: `?token=${link.json().token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual((await profile(body)).json());
    expect((await profile(body, { as: null, query: '?token=not-a-live-token' })).statusCode).toBe(404);
    expect((await profile(body, { as: strangerToken })).statusCode).toBe(404);
    expect((await profile(body, { as: null })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces/999999/profile',
      headers: auth(token),
      payload: body,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad line or samples with a 400 naming the field', async () => {
    const ok = line([152000, 462000], [153000, 463000]);
    const tooMany = Array.from({ length: 10_000 }, (_, i) => [5 + i / 100_000, 52]);
    const cases: [unknown, string][] = [
      [{ line: ok, samples: 5000 }, 'samples'],
      [{ line: ok, samples: 1 }, 'samples'],
      [{ line: ok, samples: 2.5 }, 'samples'],
      [{ line: tooMany }, 'line'],
      [{ line: [ok[0]] }, 'line'],
      [
        {
          line: [
            [5, 52],
            [5, 95],
          ],
        },
        'line',
      ],
      [
        {
          line: [
            [181, 52],
            [5, 52],
          ],
        },
        'line',
      ],
      [{ line: [[5, 52], [5]] }, 'line'],
      [{ line: 'LINESTRING(5 52, 6 52)' }, 'line'],
      [{ samples: 10 }, 'line'],
    ];
    const before = fixtures.requests.length;
    for (const [body, field] of cases) {
      const res = await profile(body);
      expect([JSON.stringify(body).slice(0, 60), res.statusCode, Object.keys(res.json())]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        [field],
      ]);
    }
    expect(fixtures.requests.length).toBe(before);
  });
});
