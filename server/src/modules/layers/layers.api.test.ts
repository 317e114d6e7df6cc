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

type LayerJson = { id: number; name: string; user_groups: number[]; layers: LayerJson[] };
const names = (layers: LayerJson[]): unknown[] =>
  layers.map((layer) => (layer.layers.length ? [layer.name, names(layer.layers)] : layer.name));

describe('layers, workspace saves, editors and share links', () => {
  let t: TestApp;
  let mail: MailServer;
  const users: Record<'admin' | 'editor' | 'member' | 'viewer' | 'stranger', TestUser> = {} as never;
  const tokens: Record<keyof typeof users, string> = {} as never;
  let account: { id: number };
  let workspace: { id: number };
  let group: { id: number };
  let source: { id: number };
  let shareToken: string;
  const layer: Record<string, number> = {};

  const call = (
    who: keyof typeof users | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      ...(who ? { headers: auth(tokens[who]) } : {}),
      ...(payload ? { payload } : {}),
    });
  const create = async (payload: Record<string, unknown>, who: keyof typeof users = 'admin') => {
    const res = await call(who, 'POST', '/api/layers', { workspace: workspace.id, ...payload });
    if (res.statusCode !== 201) throw new Error(`layer failed: ${res.body}`);
    return res.json() as LayerJson;
  };
  const tree = async (who: keyof typeof users | null, query = `workspace=${workspace.id}`) => {
    const res = await call(who, 'GET', `/api/layers?${query}`);
    return {
      status: res.statusCode,
      layers: res.statusCode === 200 ? (res.json().results as LayerJson[]) : [],
    };
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    for (const role of ['admin', 'editor', 'member', 'viewer', 'stranger'] as const) {
      users[role] = await buildActiveUser(t, mail);
      tokens[role] = await loginToken(t, users[role]);
    }
    account = await buildAccount(t, tokens.admin, users.admin.id, 'Layered');
    workspace = await buildWorkspace(t, tokens.admin, users.admin.id, account.id, 'Harbour');
    // The tree below is built from nothing: the offline base layer a new workspace starts with goes.
    for (const start of (await call('admin', 'GET', `/api/layers?workspace=${workspace.id}`)).json().results)
      expect((await call('admin', 'DELETE', `/api/layers/${start.id}`)).statusCode).toBe(204);
    expect(
      (await call('admin', 'POST', `/api/workspaces/${workspace.id}/editors`, { email: users.editor.email }))
        .statusCode,
    ).toBe(201);
    for (const role of ['member', 'viewer'] as const) {
      const res = await call('admin', 'POST', '/api/invite', {
        workspace: workspace.id,
        email: users[role].email,
      });
      expect(res.statusCode).toBe(201);
    }
    group = (
      await call('admin', 'POST', '/api/userGroup', { name: 'Port staff', account: account.id })
    ).json();
    await call('admin', 'POST', `/api/userGroup/${group.id}/members`, { email: users.member.email });
    source = (
      await call('admin', 'POST', '/api/datasources', {
        name: 'Quays',
        type: 4,
        account: account.id,
        config: { url: 'https://tiles.example.org/quays/tileset.json' },
      })
    ).json();
    shareToken = (
      await call('editor', 'POST', `/api/workspaces/${workspace.id}/share`, { label: 'Press' })
    ).json().token;
  });
  afterAll(() => stopApiTest(t, mail));

  it('builds a tree whose order and nesting survive: insert at a position, move, reorder, delete', async () => {
    layer.base = (await create({ name: 'baseLayer OSM' })).id;
    layer.quays = (
      await create({ name: 'Quays', data_source: source.id, template: '{"color":"#ff6d00"}' })
    ).id;
    layer.group = (await create({ name: 'Plans', position: 0 })).id;
    layer.a = (await create({ name: 'A', parent: layer.group })).id;
    layer.b = (await create({ name: 'B', parent: layer.group })).id;
    layer.c = (await create({ name: 'C', parent: layer.group, position: 1 })).id;
    expect(names((await tree('admin')).layers)).toEqual([
      ['Plans', ['A', 'C', 'B']],
      'baseLayer OSM',
      'Quays',
    ]);

    const moved = await call('admin', 'PATCH', `/api/layers/${layer.quays}`, {
      parent: layer.group,
      position: 0,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id: layer.quays,
      name: 'Quays',
      data_source: source.id,
      template: '{"color":"#ff6d00"}',
    });
    await call('admin', 'PATCH', `/api/layers/${layer.base}`, { position: 0 });
    expect(names((await tree('admin')).layers)).toEqual([
      'baseLayer OSM',
      ['Plans', ['Quays', 'A', 'C', 'B']],
    ]);

    const cycle = await call('admin', 'PATCH', `/api/layers/${layer.group}`, { parent: layer.a });
    expect(cycle.statusCode).toBe(400);
    expect(Object.keys(cycle.json())).toEqual(['parent']);
    expect((await call('admin', 'DELETE', `/api/layers/${layer.c}`)).statusCode).toBe(204);
    expect(names((await tree('admin')).layers)).toEqual(['baseLayer OSM', ['Plans', ['Quays', 'A', 'B']]]);
    const out = await call('admin', 'PATCH', `/api/layers/${layer.a}`, { parent: null, position: 1 });
    expect(out.statusCode).toBe(200);
    expect(names((await tree('admin')).layers)).toEqual(['baseLayer OSM', 'A', ['Plans', ['Quays', 'B']]]);
  });

  it('refuses references outside the workspace and its account, and bad templates', async () => {
    const other = await buildAccount(t, tokens.stranger, users.stranger.id, 'Elsewhere');
    const foreignSource = (
      await call('stranger', 'POST', '/api/datasources', {
        name: 'Theirs',
        type: 4,
        account: other.id,
        config: { url: 'https://x.example.org/tileset.json' },
      })
    ).json();
    const foreignGroup = (await call('stranger', 'POST', '/api/userGroup', { name: 'Theirs' })).json();
    const otherWorkspace = await buildWorkspace(t, tokens.stranger, users.stranger.id, other.id, 'Theirs');
    const foreignParent = (
      await call('stranger', 'POST', '/api/layers', { workspace: otherWorkspace.id, name: 'Theirs' })
    ).json();
    const res = await call('admin', 'POST', '/api/layers', {
      workspace: workspace.id,
      name: 'x',
      parent: foreignParent.id,
      data_source: foreignSource.id,
      user_groups: [foreignGroup.id],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['data_source', 'parent', 'user_groups']);
    const template = await call('admin', 'POST', '/api/layers', {
      workspace: workspace.id,
      name: 'x',
      template: '[1]',
    });
    expect(Object.keys(template.json())).toEqual(['template']);
    expect((await call('admin', 'POST', '/api/layers', { workspace: workspace.id })).json()).toEqual({
      name: ['This field is required.'],
    });
  });

  it('shows a grouped layer, and all under it, only to the admin, the editors and the members of its groups', async () => {
    const secret = await create({ name: 'Secret', user_groups: [group.id] });
    await create({ name: 'Secret child', parent: secret.id });
    expect(secret.user_groups).toEqual([group.id]);
    const sees = async (who: keyof typeof users | null, query?: string) =>
      JSON.stringify(names((await tree(who, query)).layers)).includes('Secret');
    expect(await sees('admin')).toBe(true);
    expect(await sees('editor')).toBe(true);
    expect(await sees('member')).toBe(true);
    expect(await sees('viewer')).toBe(false);
    expect((await tree('viewer')).layers.length).toBeGreaterThan(0);
    expect(await sees(null, `token=${shareToken}`)).toBe(false);
    expect(await sees('admin', `token=${shareToken}`)).toBe(false);
    expect((await tree(null, `token=${shareToken}`)).layers.length).toBeGreaterThan(0);
  });

  it('answers each caller as the rights matrix says: reads, writes, strangers, anonymous, dead links', async () => {
    const path = `/api/layers/${layer.b}`;
    expect((await tree('stranger')).status).toBe(404);
    expect((await tree(null)).status).toBe(401);
    expect((await tree(null, 'token=not-a-link')).status).toBe(404);
    expect((await tree(null, `token=${shareToken}&workspace=${workspace.id + 1000}`)).status).toBe(404);
    for (const [who, status] of [
      ['viewer', 403],
      ['member', 403],
      ['stranger', 404],
      [null, 401],
    ] as const) {
      expect(
        (await call(who, 'POST', '/api/layers', { workspace: workspace.id, name: 'x' })).statusCode,
        `${who} POST`,
      ).toBe(status);
      expect((await call(who, 'PATCH', path, { name: 'x' })).statusCode, `${who} PATCH`).toBe(status);
      expect((await call(who, 'DELETE', path)).statusCode, `${who} DELETE`).toBe(status);
    }
    expect((await call('editor', 'PATCH', path, { name: 'B2', visible: false })).json()).toMatchObject({
      name: 'B2',
      visible: false,
    });
    const shared = await call(null, 'GET', `/api/workspaces/${workspace.id}?token=${shareToken}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: workspace.id, name: 'Harbour', rights: 'view' });
    expect((await call(null, 'GET', `/api/workspaces/${workspace.id}`)).statusCode).toBe(401);
    expect(
      (await call(null, 'GET', `/api/workspaces/${workspace.id + 1}?token=${shareToken}`)).statusCode,
    ).toBe(404);
  });

  it('saves the view on the version it was made on; a stale save gets 409 and changes nothing', async () => {
    const read = (await call('editor', 'GET', `/api/workspaces/${workspace.id}`)).json();
    expect(read.rights).toBe('edit');
    const camera = JSON.stringify({
      longitude: 4.4,
      latitude: 51.9,
      height: 1200,
      heading: 10,
      pitch: -35,
      roll: 0,
    });
    const saved = await call('editor', 'PATCH', `/api/workspaces/${workspace.id}`, {
      version: read.version,
      camera,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(read.version + 1);
    expect(JSON.parse(saved.json().camera)).toEqual(JSON.parse(camera));
    const stale = await call('admin', 'PATCH', `/api/workspaces/${workspace.id}`, {
      version: read.version,
      name: 'Lost',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed by someone else/);
    expect((await call('admin', 'GET', `/api/workspaces/${workspace.id}`)).json().name).toBe('Harbour');
    expect(
      (
        await call('viewer', 'PATCH', `/api/workspaces/${workspace.id}`, {
          version: read.version + 1,
          name: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('stranger', 'PATCH', `/api/workspaces/${workspace.id}`, { version: 1, name: 'x' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('admin', 'PATCH', `/api/workspaces/${workspace.id}`, {
      version: read.version + 1,
      camera: '{"longitude": 999}',
    });
    expect(Object.keys(bad.json())).toEqual(['camera']);
    expect((await call('admin', 'PATCH', `/api/workspaces/${workspace.id}`, { name: 'x' })).json()).toEqual({
      version: ['This field is required.'],
    });
  });

  it('lets the admin alone name editors by e-mail, and the admin and editors govern share links', async () => {
    const base = `/api/workspaces/${workspace.id}`;
    expect((await call('editor', 'POST', `${base}/editors`, { email: users.viewer.email })).statusCode).toBe(
      403,
    );
    expect((await call('admin', 'POST', `${base}/editors`, { email: 'nobody@example.org' })).statusCode).toBe(
      400,
    );
    expect((await call('admin', 'POST', `${base}/editors`, { email: users.editor.email })).statusCode).toBe(
      400,
    );
    const editors = (await call('editor', 'GET', `${base}/editors`)).json().results;
    expect(editors).toEqual([
      { user: users.editor.id, email: users.editor.email, username: users.editor.username },
    ]);

    expect((await call('viewer', 'POST', `${base}/share`, {})).statusCode).toBe(403);
    expect((await call('viewer', 'GET', `${base}/share`)).statusCode).toBe(403);
    const expiring = (
      await call('admin', 'POST', `${base}/share`, {
        label: 'Until tomorrow',
        expires: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json();
    expect(expiring).toMatchObject({ label: 'Until tomorrow', expires: expect.any(String), last_used: null });
    expect(
      (await call('admin', 'POST', `${base}/share`, { expires: '2020-01-01T00:00:00Z' })).statusCode,
    ).toBe(400);
    // It expires: the link is dead at once.
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(shareLinks.id, expiring.id));
    expect((await call(null, 'GET', `/api/layers?token=${expiring.token}`)).statusCode).toBe(404);

    const links = (await call('editor', 'GET', `${base}/share`)).json().results;
    const press = links.find((link: { label: string }) => link.label === 'Press');
    expect(press.token).toBe(shareToken);
    expect(press.last_used).not.toBeNull();
    expect((await call('editor', 'DELETE', `${base}/share/${press.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/layers?token=${shareToken}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${base}?token=${shareToken}`)).statusCode).toBe(404);

    expect((await call('admin', 'DELETE', `${base}/editors/${users.editor.id}`)).statusCode).toBe(204);
    expect((await call('editor', 'GET', base)).statusCode).toBe(404);
  });
});
