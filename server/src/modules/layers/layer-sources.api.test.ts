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

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
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
    await call('admin', `/api/userGroup/${group.id}/members`, 'POST', { email: users.member.email });

    const wms = (
      await call('admin', '/api/datasources', 'POST', {
        name: 'Dikes',
        type: 1,
        account: account.id,
        config: {
          url: 'https://maps.example.org/wms',
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
  afterAll(() => stopApiTest(t, mail));

  it('answers each reader the sources of the layers they may see, in tree order, without secrets', async () => {
    const admin = await sources('admin', `workspace=${workspace.id}`);
    expect(admin.status).toBe(200);
    expect(admin.results.map((s) => s.layer)).toEqual([layer.dikes, layer.squares, layer.crew]);
    const dikes = admin.results[0];
    expect(dikes).toMatchObject({
      key: 'wms',
      proxied: false,
      config: { url: 'https://maps.example.org/wms', layers: 'dikes' },
    });
    expect(admin.body).not.toContain('hunter2-secret');
    expect(admin.results[1]).toMatchObject({
      key: 'geojson',
      proxied: true,
      config: { url: `/api/layers/${layer.squares}/features` },
    });

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
});
