import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');
const page =
  '<!doctype html><script>fetch("/api/users",{headers:{Authorization:"Token "+localStorage.token}})</script>';

/**
 * What a tenant's server can make the proxy serve from this product's origin: nothing a
 * browser would run (issue 22, item 1), nothing that repeats the source's fixed parameters
 * (item 6), no credential echoed back, and only while the login or link that obtained the
 * address lives (item 7).
 */
describe('the layer proxy serves nothing that could run on this origin', () => {
  let t: TestApp;
  let mail: MailServer;
  let admin: TestUser;
  let adminToken: string;
  let workspace: { id: number };
  let accountId: number;
  let shareToken: string;
  const seen: string[] = [];
  /** Answers of /evil/slow.json held until the test lets them go. */
  const held: http.ServerResponse[] = [];

  // A hostile upstream: each path answers what a tenant could make it answer.
  const upstream = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    seen.push(request.url ?? '');
    const send = (type: string | undefined, body: string | Buffer) =>
      response.writeHead(200, type ? { 'content-type': type } : {}).end(body);
    switch (url.pathname) {
      case '/evil/page.html':
        return send('text/html; charset=utf-8', page);
      case '/evil/app.js':
        return send('application/javascript', 'fetch("/api/users")');
      case '/evil/pic.svg':
        return send(
          'image/svg+xml',
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        );
      case '/evil/fake.png':
        return send('image/png', page);
      case '/evil/tile.png':
        return send('image/png', Buffer.concat([pngSignature, Buffer.from('tile')]));
      case '/evil/slow.json':
        response.writeHead(200, { 'content-type': 'application/json' });
        held.push(response);
        return;
      case '/evil/tileset.json':
        return send('application/json', '{"asset":{"version":"1.1"}}');
      case '/evil/content.b3dm':
        return send(undefined, Buffer.from('b3dm-bytes'));
      case '/evil/missing.json':
        return response.writeHead(404, { 'content-type': 'text/html' }).end(page);
      case '/wms/service': {
        const request = url.searchParams.get('REQUEST');
        if (request === 'GetFeatureInfo') return send('text/html', '<table><tr><td>Dike 7</td></tr></table>');
        return send('text/html', page);
      }
      case '/arcgis/rest/services/Roads/MapServer':
        // An upstream that echoes its request, as ArcGIS errors do.
        return send('application/json', JSON.stringify({ error: { message: `Bad request ${request.url}` } }));
      default:
        return response.writeHead(404).end();
    }
  });
  let origin = '';
  const layers: Record<string, number> = {};

  const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(token ? { headers: auth(token) } : {}),
      ...(payload ? { payload } : {}),
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** The proxied address of a layer, as the viewer gets it. */
  const addressOf = async (token: string | null, query: string, layer: number) => {
    const res = await call(token, 'GET', `/api/layers/sources?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().results as { layer: number; config: { url: string } }[]).find(
      (s) => s.layer === layer,
    );
    return String(found?.config.url);
  };
  const addSource = async (name: string, type: number, config: object) => {
    const res = await call(adminToken, 'POST', '/api/datasources', {
      name,
      type,
      account: accountId,
      config,
    });
    expect(res.statusCode, res.body).toBe(201);
    const layer = await call(adminToken, 'POST', '/api/layers', {
      workspace: workspace.id,
      name,
      data_source: res.json().id,
    });
    expect(layer.statusCode, layer.body).toBe(201);
    return layer.json().id as number;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    ({ t, mail } = await startApiTest({ FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`, PROXY_CALLS_PER_USER: '2' }));
    admin = await buildActiveUser(t, mail);
    adminToken = await loginToken(t, admin);
    accountId = (await buildAccount(t, adminToken, admin.id, 'Hostile')).id;
    workspace = await buildWorkspace(t, adminToken, admin.id, accountId, 'Probe');
    layers.tiles = await addSource('Tiles', 4, { url: `${origin}/evil/tileset.json`, apiKey: 'key-0451' });
    layers.wms = await addSource('Dikes', 1, {
      url: `${origin}/wms/service?map=/safe.map`,
      layers: 'dikes',
      username: 'ops',
      password: 'pw-0451-secret',
    });
    layers.arcgis = await addSource('Roads', 6, {
      url: `${origin}/arcgis/rest/services/Roads/MapServer`,
      token: 'arcgis-token-0451',
    });
    shareToken = (
      await call(adminToken, 'POST', `/api/workspaces/${workspace.id}/share`, { label: 'Public' })
    ).json().token;
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    upstream.close();
  });

  it('refuses pages, scripts, SVG and a page labelled as an image', async () => {
    const base = (await addressOf(adminToken, `workspace=${workspace.id}`, layers.tiles as number)).replace(
      /tileset\.json$/,
      '',
    );
    for (const path of ['page.html', 'app.js', 'pic.svg', 'fake.png']) {
      const res = await get(`${base}${path}`);
      expect(res.statusCode, path).toBe(502);
      expect(res.headers['content-type'], path).toContain('application/json');
      expect(res.body, path).not.toContain('<script');
      expect(res.body, path).not.toContain('fetch(');
    }
    // An error page keeps its status, not its markup.
    const missing = await get(`${base}missing.json`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<script');
    // And a WMS cannot answer a map with a page.
    const wms = await addressOf(adminToken, `workspace=${workspace.id}`, layers.wms as number);
    expect((await get(`${wms}?REQUEST=GetMap`)).statusCode).toBe(502);
  });

  it('passes what the layer needs, every answer inert: nosniff, sandboxed, attachments but for images', async () => {
    const base = (await addressOf(adminToken, `workspace=${workspace.id}`, layers.tiles as number)).replace(
      /tileset\.json$/,
      '',
    );
    const tile = await get(`${base}tile.png`);
    expect(tile.statusCode, tile.body).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.headers['x-content-type-options']).toBe('nosniff');
    expect(tile.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    expect(tile.headers['content-disposition']).toBeUndefined();

    const tileset = await get(`${base}tileset.json`);
    expect(tileset.statusCode).toBe(200);
    expect(tileset.json()).toEqual({ asset: { version: '1.1' } });
    expect(tileset.headers['content-disposition']).toBe('attachment');
    expect(tileset.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    expect(tileset.headers['x-content-type-options']).toBe('nosniff');

    // A tile without a type is passed as opaque bytes, never as something to render.
    const content = await get(`${base}content.b3dm`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/octet-stream');
    expect(content.headers['content-disposition']).toBe('attachment');

    // A WMS's feature info may be HTML: passed for the viewer's sandboxed frame, never as a page here.
    const wms = await addressOf(adminToken, `workspace=${workspace.id}`, layers.wms as number);
    const info = await get(`${wms}?REQUEST=GetFeatureInfo&QUERY_LAYERS=dikes`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.body).toContain('Dike 7');
    expect(info.headers['content-type']).toBe('text/html');
    expect(info.headers['content-disposition']).toBe('attachment');
    expect(info.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
  });

  it('never lets the browser repeat or replace a parameter the source fixes', async () => {
    const wms = await addressOf(adminToken, `workspace=${workspace.id}`, layers.wms as number);
    await get(`${wms}?REQUEST=GetFeatureInfo&map=%2Fetc%2Fpasswd&MAP=x`);
    expect(seen.at(-1)).toBe('/wms/service?map=%2Fsafe.map&REQUEST=GetFeatureInfo');
  });

  it('removes the credentials from an answer that echoes its request', async () => {
    const arcgis = await addressOf(null, `token=${shareToken}`, layers.arcgis as number);
    const res = await get(`${arcgis}?f=json`);
    expect(res.statusCode, res.body).toBe(200);
    expect(seen.at(-1)).toContain('token=arcgis-token-0451');
    expect(res.body).not.toContain('arcgis-token-0451');
    expect(res.json().error.message).toContain('token=[redacted]');
  });

  it('gives opaque addresses that die with the login or the link that obtained them', async () => {
    // A share reader's address carries nothing readable: not the token, in any encoding.
    const shared = await addressOf(null, `token=${shareToken}`, layers.tiles as number);
    const capability = shared.split('/')[5] ?? '';
    expect(capability.length).toBeGreaterThan(20);
    const decoded = capability
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    expect(shared).not.toContain(shareToken);
    expect(decoded).not.toContain(shareToken);
    expect(decoded).not.toContain('"share"');
    expect((await get(shared)).statusCode).toBe(200);

    // A logged-in reader's address works until they log out, then never again.
    const session = await loginToken(t, admin);
    const mine = await addressOf(session, `workspace=${workspace.id}`, layers.tiles as number);
    expect((await get(mine)).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/auth/logout')).statusCode).toBeLessThan(300);
    const after = await get(mine);
    expect(after.statusCode).toBe(403);
    expect(after.json().detail).toBe('This map address has expired or is not valid. Reload the page.');
    // Another session of the same user is untouched.
    expect(
      (await get(await addressOf(adminToken, `workspace=${workspace.id}`, layers.tiles as number)))
        .statusCode,
    ).toBe(200);
  });

  it('holds one reader to a few requests at once, with a 429 and Retry-After beyond, and frees them when done', async () => {
    const folder = (await addressOf(adminToken, `workspace=${workspace.id}`, layers.tiles as number)).replace(
      /tileset\.json$/,
      '',
    );
    const slow = [get(`${folder}slow.json`), get(`${folder}slow.json`)];
    await expect.poll(() => held.length).toBe(2);
    const third = await get(`${folder}tileset.json`);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(third.json().detail).toMatch(/map requests through this server/);
    // Another reader is not held up by this one.
    const shared = await addressOf(null, `token=${shareToken}`, layers.tiles as number);
    expect((await get(shared)).statusCode).toBe(200);
    for (const response of held.splice(0)) response.end('{}');
    expect((await Promise.all(slow)).map((res) => res.statusCode)).toEqual([200, 200]);
    // Given back once answered: the reader may ask again.
    expect((await get(`${folder}tileset.json`)).statusCode).toBe(200);
    // Refused answers give their place back too.
    for (let i = 0; i < 3; i++) expect((await get(`${folder}page.html`)).statusCode).toBe(502);
    expect((await get(`${folder}tileset.json`)).statusCode).toBe(200);
  });
});
