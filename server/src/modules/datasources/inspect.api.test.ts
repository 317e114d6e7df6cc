import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken, type TestUser } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

const fixtures = path.join(import.meta.dirname, 'inspect', 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
/** The smallest PNG there is: one transparent pixel. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A WMS capabilities document of about `bytes`: the fixture's service with that many more layers. */
function largeCapabilities(bytes: number): string {
  const [head, tail] = fixture('wms-1.3.0.xml').toString('utf8').split('<Layer queryable="0">');
  const layers: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const layer = `<Layer queryable="1"><Name>extra_${i}</Name><Title>Extra layer ${i}</Title><CRS>EPSG:3857</CRS></Layer>\n`;
    layers.push(layer);
    size += layer.length;
  }
  return `${head}${layers.join('')}<Layer queryable="0">${tail}`;
}

/**
 * Small map services on loopback, answering as real ones do: the server under test is
 * allowed to reach exactly this host and port (FETCH_ALLOW_HOSTS), nothing else.
 * `/slow/…` answers only when the test says so (`held`, `releaseHeld`).
 */
function startFixtureServices() {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const held: (() => void)[] = [];
  const large = largeCapabilities(2 * 1024 * 1024);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    requests.push({ url: url.pathname + url.search, authorization: request.headers.authorization });
    const send = (type: string, body: Buffer | string, status = 200) => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    switch (url.pathname) {
      case '/geoserver/wms':
        return url.searchParams.get('REQUEST') === 'GetCapabilities'
          ? send('text/xml', fixture('wms-1.3.0.xml'))
          : send('text/plain', 'bad request', 400);
      case '/secure/wms':
        return request.headers.authorization === `Basic ${Buffer.from('gis:Wms-Pass-1').toString('base64')}`
          ? send('text/xml', fixture('wms-1.3.0.xml'))
          : send('text/plain', 'Unauthorized', 401);
      case '/wmts':
        return send('application/xml', fixture('wmts.xml'));
      case '/ahn/wcs':
        return url.searchParams.get('REQUEST') === 'GetCapabilities'
          ? send('application/xml', fixture('wcs-2.0.1.xml'))
          : send('text/plain', 'bad request', 400);
      case '/slow/wms':
        held.push(() => send('text/xml', fixture('wms-1.3.0.xml')));
        return;
      case '/large/wms':
        return send('text/xml', large);
      case '/large/arcgis/rest/services/Big/MapServer':
        return send('application/json', JSON.stringify({ layers: [], padding: 'x'.repeat(5 * 1024 * 1024) }));
      case '/arcgis/rest/services/Soil/MapServer':
        return url.searchParams.get('token') === 'arc-token-9'
          ? send('application/json', fixture('arcgis-mapserver-4326.json'))
          : send('application/json', fixture('arcgis-error.json'));
      case '/tiles/city/tileset.json':
        return send('application/json', fixture('3dtiles/city-buildings/tileset.json'));
      case '/data/parks.geojson':
        return send('application/geo+json', fixture('parks.geojson'));
      case '/terrain/layer.json':
        return send('application/json', fixture('terrain/layer.json'));
      case '/xyz/0/0/0.png':
        return send('image/png', png);
      case '/keyed/0/0/0.png':
        return url.searchParams.get('api_key') === 'tile-key-7'
          ? send('image/png', png)
          : send('text/plain', 'Invalid API key', 403);
      case '/moved':
        response.writeHead(302, { Location: '/geoserver/wms?SERVICE=WMS&REQUEST=GetCapabilities' });
        return response.end();
      default:
        return send('text/html', fixture('html-error.html'), 404);
    }
  });
  return new Promise<{
    origin: string;
    port: number;
    requests: typeof requests;
    held: typeof held;
    releaseHeld(): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        port,
        requests,
        held,
        releaseHeld: () => {
          for (const answer of held.splice(0)) answer();
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

describe('inspect', () => {
  let t: TestApp;
  let mail: MailServer;
  let services: Awaited<ReturnType<typeof startFixtureServices>>;
  let alice: TestUser;
  let token: string;
  let bobToken: string;
  let account: { id: number };

  const inspect = (
    type: number,
    config: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    as = token,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/datasources/inspect',
      headers: auth(as),
      payload: { type, config, ...extra },
    });

  beforeAll(async () => {
    services = await startFixtureServices();
    ({ t, mail } = await startApiTest({ FETCH_ALLOW_HOSTS: `127.0.0.1:${services.port}` }));
    alice = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    bobToken = await loginToken(t, await buildActiveUser(t, mail));
    account = await buildAccount(t, token, alice.id, 'Inspectors');
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    await services.close();
  });

  it('reads a WMS GetCapabilities: title, extent and the named layers', async () => {
    const res = await inspect(1, { url: `${services.origin}/geoserver/wms?map=env` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('Northshore Environmental Data');
    expect(body.extent).toHaveLength(4);
    expect(body.layers.map((layer: { name: string }) => layer.name)).toContain('protected_areas:wetlands');
    const sent = services.requests.at(-1)?.url ?? '';
    expect(sent).toContain('map=env');
    expect(sent).toContain('SERVICE=WMS');
  });

  it('reads a WCS 2.0 GetCapabilities: its coverages as layers; a GeoTIFF says it cannot be checked yet', async () => {
    const res = await inspect(9, { url: `${services.origin}/ahn/wcs`, coverage: 'dtm_05m' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ extent: [3.2, 50.7, 7.3, 53.6] });
    expect(res.json().layers.map((layer: { name: string }) => layer.name)).toEqual(['dtm_05m', 'dsm_05m']);
    expect(services.requests.at(-1)?.url).toBe('/ahn/wcs?SERVICE=WCS&VERSION=2.0.1&REQUEST=GetCapabilities');
    // A WMS is not a WCS.
    expect((await inspect(9, { url: `${services.origin}/wmts`, coverage: 'x' })).statusCode).toBe(400);
    const tiff = await inspect(10, { url: `${services.origin}/ahn/dtm.tif` });
    expect(tiff.statusCode).toBe(400);
    expect(tiff.json().type[0]).toMatch(/GeoTIFF/);
  });

  it('sends WMS credentials as a header, from the config or the stored source', async () => {
    const url = `${services.origin}/secure/wms`;
    expect((await inspect(1, { url })).json()).toEqual({ url: ['The service answered with HTTP 401.'] });
    expect((await inspect(1, { url, username: 'gis', password: 'Wms-Pass-1' })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name: 'Secure',
        type: 1,
        account: account.id,
        config: { url, layers: 'landcover', username: 'gis', password: 'Wms-Pass-1' },
      },
    });
    const stored = await inspect(1, { url, username: 'gis' }, { datasource: created.json().id });
    expect(stored.statusCode).toBe(200);
    // By id alone (the editor's add-layer dialog): the stored settings and secrets are used.
    const byId = await inspect(1, {}, { datasource: created.json().id });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().title).toBe('Northshore Environmental Data');
    // Someone who does not administer the source learns nothing of it.
    expect((await inspect(1, {}, { datasource: created.json().id }, bobToken)).statusCode).toBe(404);
    expect(services.requests.every((r) => !r.url.includes('Wms-Pass-1'))).toBe(true);
  });

  it('reads WMTS, ArcGIS (with its token), 3D Tiles, GeoJSON, terrain and an XYZ template', async () => {
    const wmts = (await inspect(2, { url: `${services.origin}/wmts` })).json();
    expect(wmts.layers.length).toBeGreaterThan(0);
    const arcgisUrl = `${services.origin}/arcgis/rest/services/Soil/MapServer`;
    const refused = await inspect(6, { url: arcgisUrl });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['url']);
    const arcgis = (await inspect(6, { url: arcgisUrl, token: 'arc-token-9' })).json();
    expect(arcgis.layers.map((layer: { title: string }) => layer.title)).toContain('Soil types');
    expect(arcgis.extent).toHaveLength(4);
    const tileset = (await inspect(4, { url: `${services.origin}/tiles/city/tileset.json` })).json();
    expect(tileset.extent).toHaveLength(4);
    const parks = (await inspect(5, { url: `${services.origin}/data/parks.geojson` })).json();
    expect(parks.details.featureCount).toBeGreaterThan(0);
    const terrain = (await inspect(8, { url: `${services.origin}/terrain/` })).json();
    expect(terrain.title).toBe('Alpine terrain 10 m');
    const xyz = await inspect(3, { url: `${services.origin}/xyz/{z}/{x}/{y}.png` });
    expect(xyz.statusCode).toBe(200);
  });

  it('sends a tile service’s API key under its parameter, from the config or the stored source', async () => {
    const url = `${services.origin}/keyed/{z}/{x}/{y}.png`;
    expect((await inspect(3, { url })).statusCode).toBe(400);
    expect((await inspect(3, { url, apiKey: 'tile-key-7', apiKeyParameter: 'api_key' })).statusCode).toBe(
      200,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name: 'Keyed tiles',
        type: 3,
        account: account.id,
        config: { url, apiKey: 'tile-key-7', apiKeyParameter: 'api_key' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Kept like a password: never sent back.
    expect(created.body).not.toContain('tile-key-7');
    expect((await inspect(3, { url }, { datasource: created.json().id })).statusCode).toBe(200);
  });

  it('says which: not this type, not found, refused, and follows a redirect on the allowed host', async () => {
    const wrongType = await inspect(1, { url: `${services.origin}/wmts` });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().url[0]).toMatch(/not a WMS/i);
    const missing = await inspect(4, { url: `${services.origin}/nothing/tileset.json` });
    expect(missing.json()).toEqual({ url: ['The service answered with HTTP 404.'] });
    const moved = await inspect(1, { url: `${services.origin}/moved` });
    expect(moved.statusCode).toBe(200);
    // Refused before any connection: a private address, the metadata address, another loopback port.
    for (const url of [
      'http://10.0.0.1/wms',
      'http://169.254.169.254/latest/meta-data/',
      `http://127.0.0.1:${services.port + 1}/wms`,
      'http://[::1]/wms',
    ]) {
      const res = await inspect(1, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().url[0], url).toMatch(/not allowed/i);
    }
    expect((await inspect(1, { url: 'file:///etc/passwd' })).json()).toEqual({
      url: ['Enter a valid http(s) URL'],
    });
    expect((await inspect(999, { url: 'https://x.org' })).statusCode).toBe(400);
  });

  it('lets one user have two inspections in flight: a third is a 429 with Retry-After, another user gets through', async () => {
    const slow = `${services.origin}/slow/wms`;
    const first = inspect(1, { url: slow });
    const second = inspect(1, { url: slow });
    for (const started = Date.now(); services.held.length < 2; await sleep(20))
      if (Date.now() - started > 10_000) throw new Error('The inspections never reached the service');
    const third = await inspect(1, { url: `${services.origin}/geoserver/wms` });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      detail: expect.stringMatching(/^You already have 2 .* in progress.* Try again in \d+ seconds?\.$/),
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const bobs = await inspect(1, { url: `${services.origin}/geoserver/wms` }, {}, bobToken);
    expect(bobs.statusCode).toBe(200);
    services.releaseHeld();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // Their places are free again.
    expect((await inspect(1, { url: `${services.origin}/geoserver/wms` })).statusCode).toBe(200);
  });

  it('reads a large capabilities document (on a thread of its own), and refuses an ArcGIS answer above 4 MB', async () => {
    const large = await inspect(1, { url: `${services.origin}/large/wms` });
    expect(large.statusCode).toBe(200);
    expect(large.json().title).toBe('Northshore Environmental Data');
    expect(large.json().layers.map((layer: { name: string }) => layer.name)).toContain('extra_1000');
    const big = await inspect(6, { url: `${services.origin}/large/arcgis/rest/services/Big/MapServer` });
    expect(big.json()).toEqual({ url: ['The answer is larger than 4 MB.'] });
  });

  describe('with an account’s limit below its user’s', () => {
    let limited: TestApp;
    let limitedMail: MailServer;
    let owner: string;
    let source: number;
    const check = (payload: Record<string, unknown>) =>
      limited.app.inject({ method: 'POST', url: '/api/datasources/inspect', headers: auth(owner), payload });

    beforeAll(async () => {
      ({ t: limited, mail: limitedMail } = await startApiTest({
        FETCH_ALLOW_HOSTS: `127.0.0.1:${services.port}`,
        EXPENSIVE_CALLS_PER_USER: '3',
        EXPENSIVE_CALLS_PER_ACCOUNT: '1',
      }));
      const user = await buildActiveUser(limited, limitedMail);
      owner = await loginToken(limited, user);
      const own = await buildAccount(limited, owner, user.id, 'Limited');
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/datasources',
        headers: auth(owner),
        payload: {
          name: 'Slow',
          type: 1,
          account: own.id,
          config: { url: `${services.origin}/slow/wms`, layers: 'x' },
        },
      });
      source = created.json().id;
    });
    afterAll(() => stopApiTest(limited, limitedMail));

    it('charges a stored source’s inspection to its account: one more for that account is a 429, others pass', async () => {
      const url = `${services.origin}/slow/wms`;
      const held = services.held.length;
      const first = check({ type: 1, config: { url }, datasource: source });
      for (const started = Date.now(); services.held.length < held + 1; await sleep(20))
        if (Date.now() - started > 10_000) throw new Error('The inspection never reached the service');
      const second = await check({ type: 1, config: { url }, datasource: source });
      expect(second.statusCode).toBe(429);
      expect(second.json().detail).toMatch(/^This account already has 1 .* in progress/);
      expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Without the stored source the call is the user's alone, and they have room.
      expect((await check({ type: 1, config: { url: `${services.origin}/geoserver/wms` } })).statusCode).toBe(
        200,
      );
      services.releaseHeld();
      expect((await first).statusCode).toBe(200);
    });
  });
});
