import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../db/schema.js';
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
import { multipart } from '../../test/multipart.js';

type Role = 'admin' | 'editor' | 'member' | 'viewer' | 'stranger';
type SourceJson = {
  layer: number;
  data_source: number;
  key: string;
  config: Record<string, unknown>;
  proxied: boolean;
};

/** A tile as the proxy checks it: the PNG signature, then anything. */
const png = (text: string) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(text)]);

const squares = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Square' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [4, 52],
            [5, 52],
            [5, 53],
            [4, 53],
            [4, 52],
          ],
        ],
      },
    },
  ],
});

/** What the viewer reads to draw a workspace: sources of the layers each reader may see, and uploaded features. */
describe('layer sources and features for the viewer', () => {
  let t: TestApp;
  let mail: MailServer;
  const users = {} as Record<Role, TestUser>;
  const tokens = {} as Record<Role, string>;
  let workspace: { id: number };
  let shareToken: string;
  const layer: Record<string, number> = {};

  const call = (
    who: Role | null,
    url: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(who ? { headers: auth(tokens[who]) } : {}),
      ...(payload ? { payload } : {}),
    });
  const sources = async (who: Role | null, query: string) => {
    const res = await call(who, `/api/layers/sources?${query}`);
    return {
      status: res.statusCode,
      results: res.statusCode === 200 ? (res.json().results as SourceJson[]) : [],
      body: res.body,
    };
  };

  // The secured WMS, on loopback: it records what the proxy sent it.
  const upstreamSeen: { url: string; authorization: string | undefined }[] = [];
  const upstream = http.createServer((request, response) => {
    upstreamSeen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    // The keyed tile service wants its API key in the query.
    if (request.url?.startsWith('/keyed/')) {
      const key = new URL(request.url, 'http://x').searchParams.get('api_key');
      response
        .writeHead(key === 'tile-key-7' ? 200 : 403, { 'content-type': 'image/png' })
        .end(png('keyed-tile'));
      return;
    }
    if (request.headers.authorization !== `Basic ${Buffer.from('ops:hunter2-secret').toString('base64')}`) {
      response.writeHead(401).end('who are you?');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'upstream=1' })
      .end(png('tile-bytes'));
  });
  let upstreamOrigin = '';
  let layerGroup: { id: number };

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    upstreamOrigin = `http://127.0.0.1:${port}`;
    ({ t, mail } = await startApiTest({ FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` }));
    for (const role of ['admin', 'editor', 'member', 'viewer', 'stranger'] as const) {
      users[role] = await buildActiveUser(t, mail);
      tokens[role] = await loginToken(t, users[role]);
    }
    const account = await buildAccount(t, tokens.admin, users.admin.id, 'Sources');
    workspace = await buildWorkspace(t, tokens.admin, users.admin.id, account.id, 'Delta');
    await call('admin', `/api/workspaces/${workspace.id}/editors`, 'POST', { email: users.editor.email });
    for (const role of ['member', 'viewer'] as const)
      await call('admin', '/api/invite', 'POST', { workspace: workspace.id, email: users[role].email });
    const group = (
      await call('admin', '/api/userGroup', 'POST', { name: 'Crew', account: account.id })
    ).json();
    layerGroup = group;
    await call('admin', `/api/userGroup/${group.id}/members`, 'POST', { email: users.member.email });

    const wms = (
      await call('admin', '/api/datasources', 'POST', {
        name: 'Dikes',
        type: 1,
        account: account.id,
        config: {
          url: `${upstreamOrigin}/geoserver/wms?map=dikes`,
          layers: 'dikes',
          username: 'ops',
          password: 'hunter2-secret',
        },
      })
    ).json();
    const { payload, contentType } = multipart([
      { name: 'name', value: 'Squares' },
      { name: 'account', value: String(account.id) },
      { name: 'file', value: squares, filename: 'squares.geojson', type: 'application/geo+json' },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/datasources/upload',
      headers: { ...auth(tokens.admin), 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const make = async (body: object) =>
      (await call('admin', '/api/layers', 'POST', { workspace: workspace.id, ...body })).json().id as number;
    layer.group = await make({ name: 'Water' });
    layer.dikes = await make({ name: 'Dikes', parent: layer.group, data_source: wms.id });
    layer.squares = await make({ name: 'Squares', data_source: uploaded.json().id });
    layer.crew = await make({ name: 'Crew only', data_source: uploaded.json().id, user_groups: [group.id] });
    shareToken = (
      await call('admin', `/api/workspaces/${workspace.id}/share`, 'POST', { label: 'Public' })
    ).json().token;
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    upstream.close();
  });

  it('answers each reader the sources of the layers they may see, in tree order, without secrets', async () => {
    const admin = await sources('admin', `workspace=${workspace.id}`);
    expect(admin.status).toBe(200);
    expect(admin.results.map((s) => s.layer)).toEqual([layer.dikes, layer.squares, layer.crew]);
    const dikes = admin.results[0];
    // A source with credentials goes through this server's proxy; the browser never sees them.
    expect(dikes).toMatchObject({ key: 'wms', proxied: true, config: { layers: 'dikes' } });
    // Who signs in upstream is the server's business: the map never needs the user name.
    expect(dikes?.config).not.toHaveProperty('username');
    expect(String(dikes?.config.url)).toMatch(new RegExp(`^/api/layers/${layer.dikes}/proxy/[\\w.-]+/wms$`));
    expect(admin.body).not.toContain('hunter2-secret');
    expect(admin.body).not.toContain(upstreamOrigin);
    // Uploaded features come from this server, at an address the map can fetch without the login header.
    expect(admin.results[1]).toMatchObject({ key: 'geojson', proxied: true });
    expect(String(admin.results[1]?.config.url)).toMatch(
      new RegExp(`^/api/layers/${layer.squares}/features\\?capability=[\\w.-]+$`),
    );

    expect((await sources('editor', `workspace=${workspace.id}`)).results).toHaveLength(3);
    expect((await sources('member', `workspace=${workspace.id}`)).results).toHaveLength(3);
    // An invited viewer outside the group never learns of the grouped layer.
    expect((await sources('viewer', `workspace=${workspace.id}`)).results.map((s) => s.layer)).toEqual([
      layer.dikes,
      layer.squares,
    ]);
    expect((await sources('stranger', `workspace=${workspace.id}`)).status).toBe(404);
    expect((await sources(null, `workspace=${workspace.id}`)).status).toBe(401);
  });

  it('answers a share link reader without a login, never the grouped layer, with addresses that carry the token', async () => {
    const shared = await sources(null, `token=${shareToken}`);
    expect(shared.status).toBe(200);
    expect(shared.results.map((s) => s.layer)).toEqual([layer.dikes, layer.squares]);
    expect(shared.results[1]?.config.url).toBe(`/api/layers/${layer.squares}/features?token=${shareToken}`);
    expect((await sources(null, 'token=not-a-token')).status).toBe(404);
  });

  it('streams uploaded features to whoever may see the layer, and to no one else', async () => {
    const read = (who: Role | null, id: number, token?: string) =>
      call(who, `/api/layers/${id}/features${token ? `?token=${token}` : ''}`);
    const admin = await read('admin', layer.squares as number);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toContain('application/geo+json');
    expect(admin.json().features[0].properties.name).toBe('Square');
    expect((await read(null, layer.squares as number, shareToken)).json().features).toHaveLength(1);
    expect((await read('viewer', layer.squares as number)).statusCode).toBe(200);
    expect((await read('member', layer.crew as number)).statusCode).toBe(200);
    expect((await read('viewer', layer.crew as number)).statusCode).toBe(404);
    expect((await read(null, layer.crew as number, shareToken)).statusCode).toBe(404);
    expect((await read('stranger', layer.squares as number)).statusCode).toBe(404);
    expect((await read(null, layer.squares as number)).statusCode).toBe(401);
    // A layer without uploaded features has none to give.
    expect((await read('admin', layer.dikes as number)).statusCode).toBe(404);
  });

  it('streams uploaded features at the address the sources gave, without the login header, for that reader and layer only', async () => {
    const addressOf = async (who: Role, id: number) =>
      String(
        (await sources(who, `workspace=${workspace.id}`)).results.find((s) => s.layer === id)?.config.url,
      );
    // The map's own fetch: no Authorization header, only the address.
    const fetchAddress = (url: string) => t.app.inject({ method: 'GET', url });
    const mine = await addressOf('viewer', layer.squares as number);
    const answer = await fetchAddress(mine);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().features[0].properties.name).toBe('Square');
    const crew = await addressOf('member', layer.crew as number);
    expect((await fetchAddress(crew)).statusCode).toBe(200);

    // Bound to its layer, signed by this server.
    expect(
      (await fetchAddress(mine.replace(`/layers/${layer.squares}/`, `/layers/${layer.crew}/`))).statusCode,
    ).toBe(403);
    expect((await fetchAddress(`${mine}x`)).statusCode).toBe(403);
    expect((await fetchAddress(`/api/layers/${layer.squares}/features?capability=`)).statusCode).toBe(403);

    // The reader's rights are checked on every fetch: out of the group, the member's address is dead.
    const member = users.member;
    const memberships = (await call('admin', `/api/userGroup/${layerGroup.id}/members`)).json() as {
      results: { id: number; email: string }[];
    };
    const membership = memberships.results.find((m) => m.email === member.email);
    expect(membership, JSON.stringify(memberships)).toBeDefined();
    expect(
      (await call('admin', `/api/userGroup/${layerGroup.id}/members/${membership?.id}`, 'DELETE')).statusCode,
    ).toBe(204);
    expect((await fetchAddress(crew)).statusCode).toBe(404);
    await call('admin', `/api/userGroup/${layerGroup.id}/members`, 'POST', { email: member.email });
    expect((await fetchAddress(crew)).statusCode).toBe(200);
  });

  it('stops answering a share link at once when it expires or is revoked', async () => {
    const expiring = (
      await call('admin', `/api/workspaces/${workspace.id}/share`, 'POST', { label: 'Soon' })
    ).json();
    expect((await sources(null, `token=${expiring.token}`)).status).toBe(200);
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(shareLinks.id, expiring.id));
    expect((await sources(null, `token=${expiring.token}`)).status).toBe(404);
    expect(
      (await call(null, `/api/layers/${layer.squares}/features?token=${expiring.token}`)).statusCode,
    ).toBe(404);

    const revoked = (
      await call('admin', `/api/workspaces/${workspace.id}/share`, 'POST', { label: 'Gone' })
    ).json();
    expect(
      (await call('admin', `/api/workspaces/${workspace.id}/share/${revoked.id}`, 'DELETE')).statusCode,
    ).toBe(204);
    expect((await sources(null, `token=${revoked.token}`)).status).toBe(404);
  });

  describe('the proxy', () => {
    /** The proxied address of the WMS layer as `who` gets it. */
    const proxied = async (who: Role | null, query: string) =>
      String((await sources(who, query)).results.find((s) => s.layer === layer.dikes)?.config.url);
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it('fetches with the credentials, for whoever may see the layer, and passes only safe headers', async () => {
      const url = await proxied('viewer', `workspace=${workspace.id}`);
      const res = await get(`${url}?SERVICE=WMS&REQUEST=GetMap&BBOX=0,0,1,1&token=mine`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(png('tile-bytes'))).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      const seen = upstreamSeen.at(-1);
      expect(seen?.url).toBe('/geoserver/wms?map=dikes&SERVICE=WMS&REQUEST=GetMap&BBOX=0%2C0%2C1%2C1');
      expect(seen?.authorization).toBe(`Basic ${Buffer.from('ops:hunter2-secret').toString('base64')}`);
      expect(res.body).not.toContain('hunter2');

      // A share link's reader too, without a login.
      const shared = await proxied(null, `token=${shareToken}`);
      expect((await get(`${shared}?REQUEST=GetMap`)).statusCode).toBe(200);
    });

    it('adds a tile service’s API key, which the browser never sees, filling the map’s template', async () => {
      const source = (
        await call('admin', '/api/datasources', 'POST', {
          name: 'Keyed tiles',
          type: 3,
          account: (await call('admin', `/api/workspaces/${workspace.id}`)).json().account,
          config: {
            url: `${upstreamOrigin}/keyed/{z}/{x}/{y}.png`,
            apiKey: 'tile-key-7',
            apiKeyParameter: 'api_key',
          },
        })
      ).json();
      const keyed = (
        await call('admin', '/api/layers', 'POST', {
          workspace: workspace.id,
          name: 'Keyed',
          data_source: source.id,
        })
      ).json();
      const listed = await sources('viewer', `workspace=${workspace.id}`);
      expect(listed.body).not.toContain('tile-key-7');
      const url = String(listed.results.find((s) => s.layer === keyed.id)?.config.url);
      expect(url).toMatch(
        new RegExp(`^/api/layers/${keyed.id}/proxy/[\\w.-]+/\\{z\\}/\\{x\\}/\\{y\\}\\.png$`),
      );
      // What the map asks for once it filled in the template; a key of the browser's own is dropped.
      const res = await get(`${url.replace('{z}/{x}/{y}', '3/4/5')}?api_key=guess`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(png('keyed-tile'))).toBe(true);
      expect(upstreamSeen.at(-1)?.url).toBe('/keyed/3/4/5.png?api_key=tile-key-7');
      await call('admin', `/api/layers/${keyed.id}`, 'DELETE');
    });

    it('refuses tampered, foreign and outside addresses', async () => {
      const url = await proxied('admin', `workspace=${workspace.id}`);
      const capability = url.split('/')[5];
      const seen = upstreamSeen.length;
      expect((await get(url.replace(capability ?? '', `${capability}x`))).statusCode).toBe(403);
      expect(
        (await get(url.replace(`/layers/${layer.dikes}/`, `/layers/${layer.squares}/`))).statusCode,
      ).toBe(403);
      // Dot segments never reach the handler (the URL is normalised); encoded slashes are refused.
      expect((await get(`${url}/..%2f..%2fadmin`)).statusCode).toBe(400);
      expect((await get(url.replace(/\/wms$/, '/other'))).statusCode).toBe(400);
      expect(upstreamSeen.length).toBe(seen);
    });

    it('cuts off a reader at once when their right goes: a revoked link, a layer given to a group', async () => {
      const link = (
        await call('admin', `/api/workspaces/${workspace.id}/share`, 'POST', { label: 'Brief' })
      ).json();
      const shared = await proxied(null, `token=${link.token}`);
      const viewer = await proxied('viewer', `workspace=${workspace.id}`);
      expect((await get(shared)).statusCode).toBe(200);
      await call('admin', `/api/workspaces/${workspace.id}/share/${link.id}`, 'DELETE');
      expect((await get(shared)).statusCode).toBe(404);

      // Restricted to the crew: the invited viewer outside it gets nothing more, the member still does.
      const member = await proxied('member', `workspace=${workspace.id}`);
      await call('admin', `/api/layers/${layer.dikes}`, 'PATCH', { user_groups: [layerGroup.id] });
      expect((await get(viewer)).statusCode).toBe(404);
      expect((await get(member)).statusCode).toBe(200);
      await call('admin', `/api/layers/${layer.dikes}`, 'PATCH', { user_groups: [] });
    });
  });
});
