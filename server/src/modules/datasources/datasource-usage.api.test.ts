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

type Usage = { count: number; names: string[]; ids: number[] };

/**
 * The list's `workspaces` is read from what the database keeps (migration 0009), the detail's
 * is computed from the layers when asked: after every kind of write that moves a source's use,
 * both say the same, and what they say is right.
 */
describe('the usage a data source list shows', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let token: string;
  let account: { id: number };
  let roads: number;
  let rivers: number;

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? undefined : res.json();
  };
  const source = async (name: string) =>
    (
      await call('POST', '/api/datasources', {
        name,
        type: 3,
        account: account.id,
        config: { url: `https://tiles.example.org/${name}/{z}/{x}/{y}.png` },
      })
    ).id as number;
  const layer = async (workspace: number, dataSource: number) =>
    (await call('POST', '/api/layers', { workspace, name: 'Layer', data_source: dataSource })).id as number;

  /** Each source's usage as the list answers it, checked against its detail. */
  async function listed(): Promise<Record<number, Usage>> {
    const page = await call('GET', `/api/datasources?account=${account.id}`);
    const byId: Record<number, Usage> = {};
    for (const row of page.results as { id: number; workspaces: Usage }[]) {
      expect(row.workspaces).toEqual((await call('GET', `/api/datasources/${row.id}`)).workspaces);
      byId[row.id] = row.workspaces;
    }
    return byId;
  }

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    account = await buildAccount(t, token, alice.id, 'Usage');
    roads = await source('roads');
    rivers = await source('rivers');
  });
  afterAll(() => stopApiTest(t, mail));

  it('follows layers added, moved to another source and removed, a workspace once however many layers', async () => {
    const harbour = await buildWorkspace(t, token, alice.id, account.id, 'Harbour');
    const centre = await buildWorkspace(t, token, alice.id, account.id, 'Centre');
    expect((await listed())[roads]).toEqual({ count: 0, names: [], ids: [] });

    await layer(harbour.id, roads);
    const second = await layer(harbour.id, roads);
    const moved = await layer(centre.id, roads);
    expect((await listed())[roads]).toEqual({
      count: 2,
      names: ['Centre', 'Harbour'],
      ids: [centre.id, harbour.id],
    });

    await call('PATCH', `/api/layers/${moved}`, { data_source: rivers });
    let usage = await listed();
    expect(usage[roads]).toEqual({ count: 1, names: ['Harbour'], ids: [harbour.id] });
    expect(usage[rivers]).toEqual({ count: 1, names: ['Centre'], ids: [centre.id] });

    await call('DELETE', `/api/layers/${second}`);
    expect((await listed())[roads]).toEqual({ count: 1, names: ['Harbour'], ids: [harbour.id] });
    await call('PATCH', `/api/layers/${moved}`, { data_source: null });
    usage = await listed();
    expect(usage[rivers]).toEqual({ count: 0, names: [], ids: [] });
  });

  it('follows a workspace renamed, copied and deleted, and leaves it alone for a camera saved', async () => {
    const dock = await buildWorkspace(t, token, alice.id, account.id, 'Dock');
    await layer(dock.id, rivers);
    const { version } = await call('GET', `/api/workspaces/${dock.id}`);
    const saved = await call('PATCH', `/api/workspaces/${dock.id}`, { version, name: 'Quay' });
    expect((await listed())[rivers]).toEqual({ count: 1, names: ['Quay'], ids: [dock.id] });

    const camera = JSON.stringify({
      longitude: 5,
      latitude: 52,
      height: 900,
      heading: 0,
      pitch: -45,
      roll: 0,
    });
    await call('PATCH', `/api/workspaces/${dock.id}`, { version: saved.version, camera });
    expect((await listed())[rivers]).toEqual({ count: 1, names: ['Quay'], ids: [dock.id] });

    const copy = await call('PUT', '/api/cloneWorkspace', { workspace: dock.id });
    const usage = (await listed())[rivers];
    expect(usage?.count).toBe(2);
    expect(usage?.ids).toEqual(expect.arrayContaining([dock.id, copy.id]));

    await call('DELETE', `/api/workspaces/${dock.id}`);
    await call('DELETE', `/api/workspaces/${copy.id}`);
    expect((await listed())[rivers]).toEqual({ count: 0, names: [], ids: [] });
  });
});
