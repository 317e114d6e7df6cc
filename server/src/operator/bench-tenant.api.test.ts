import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { type BenchTenant, importBenchTenant, parseBenchTenant, TenantFileError } from './bench-tenant.js';

const camera = {
  position: { x: 3862205.72, y: 387271.944, z: 5019640.054 },
  heading: 2,
  pitch: -0.4,
  roll: 0,
};
const shareToken = '9e5d4d25c8ec9febc10c2788a8e1f980';
const benchToken = 'c8f429a479c8c2926b94b5b5749882321e35049e';

/** A tenant of the peer's shape (`seed.py --dump`), small enough to check row by row. */
function rawTenant() {
  return {
    seed: 1,
    bench: { username: 'bench', password: 'bench-password', email: 'bench@example.com', token: benchToken },
    plans: [
      { id: 1, name: 'Free' },
      { id: 4, name: 'Enterprise' },
    ],
    datasource_types: [
      { id: 1, name: 'WMS' },
      { id: 9, name: 'I3S Scene Layer' },
    ],
    users: [
      { id: 1, username: 'bench', email: 'bench@example.com', date_joined: '2024-04-25T10:07:38.000000Z' },
      { id: 2, username: 'user01', email: 'user01@example.org', date_joined: '2024-05-27T15:12:22.000000Z' },
    ],
    accounts: [
      { id: 1, name: 'Gemeente Amsterdam 1', description: 'Geo', slug: 'acc-1-amsterdam', admin: 1 },
      { id: 2, name: 'Gemeente Utrecht 2', description: 'Geo', slug: 'acc-2-utrecht', admin: 1 },
      { id: 3, name: 'Amsterdam team 3', description: 'Geo', slug: 'acc-3-amsterdam', admin: 2 },
    ],
    workspaces: [1, 2, 3].map((id) => ({
      id,
      name: `Workspace ${id}`,
      description: 'Imported',
      admin: id === 3 ? 2 : 1,
      account: id === 3 ? 3 : 1,
      plan: id === 2 ? 4 : 1,
      camera: JSON.stringify(camera),
      workspacePlugins: JSON.stringify({ splitPanel: { enabled: false } }),
      share_token: id === 1 ? shareToken : null,
      date_modified: `2025-0${id}-01T12:00:00.000000Z`,
    })),
    workspace_editors: [{ workspace: 3, user: 1 }],
    datasources: [
      {
        id: 1,
        name: 'Riolering 1',
        type: 9,
        admin: 1,
        url: 'https://geo.example.com/1',
        date_modified: '2025-05-28T14:40:07.000000Z',
      },
      {
        id: 2,
        name: 'Bomen 2',
        type: 1,
        admin: 1,
        url: 'https://geo.example.com/2',
        date_modified: '2025-05-27T14:40:07.000000Z',
      },
      {
        id: 3,
        name: 'Wegen 3',
        type: 1,
        admin: 2,
        url: 'https://geo.example.com/3',
        date_modified: '2025-05-26T14:40:07.000000Z',
      },
    ],
    datasource_workspaces: [
      { datasource: 1, workspace: 1 },
      { datasource: 1, workspace: 2 },
      { datasource: 2, workspace: 1 },
      { datasource: 3, workspace: 3 },
    ],
  };
}
const tenant = (): BenchTenant => parseBenchTenant(rawTenant());

describe('npm run seed:bench: the benchmark tenant', () => {
  let t: TestApp;
  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Token ${token}` } : {} });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('a failing import leaves the database as it was (one transaction)', async () => {
    const broken = tenant();
    broken.workspaces.push({
      ...(broken.workspaces[0] as BenchTenant['workspaces'][number]),
      id: 9,
      account: 99,
    });
    await expect(importBenchTenant(t.database.db, t.secrets, broken)).rejects.toThrow();
    expect((await get('/api/accounts', benchToken)).statusCode).toBe(401);
  });

  it('loads every row with its id, and the file token and password work', async () => {
    const summary = await importBenchTenant(t.database.db, t.secrets, tenant());
    expect(summary).toEqual({
      users: 2,
      accounts: 3,
      workspaces: 3,
      datasources: 3,
      layers: 4,
      shareLinks: 1,
    });

    const accounts = await get('/api/accounts', benchToken);
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().results.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([1, 2]));

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'bench', password: 'bench-password' },
    });
    expect(login.statusCode).toBe(200);
    // Other imported users have no usable password until they reset it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'user01', password: '!imported' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('keeps workspaces, plans, editors and cameras; a share token becomes a live link', async () => {
    const list = (await get('/api/workspaces?account=1', benchToken)).json();
    expect(list.count).toBe(2);
    const second = list.results.find((w: { id: number }) => w.id === 2);
    expect(second.plan).toMatchObject({ id: 4, name: 'Enterprise' });
    expect(JSON.parse(second.camera)).toEqual(camera);

    const editorOf = await get('/api/workspaces/3', benchToken);
    expect(editorOf.statusCode).toBe(200);
    expect(editorOf.json().editors).toEqual([1]);

    const shared = await get(`/api/workspaces/1?token=${shareToken}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().name).toBe('Workspace 1');
    expect((await get(`/api/workspaces/2?token=${shareToken}`)).statusCode).toBe(404);
  });

  it('gives each source to its admin’s first account and makes each link a layer', async () => {
    const sources = (await get('/api/datasources?account=1&ordering=name', benchToken)).json();
    expect(sources.results.map((s: { id: number }) => s.id)).toEqual([2, 1]);
    expect(sources.results[1]).toMatchObject({
      type: 9,
      account: 1,
      workspaces: { count: 2, names: expect.arrayContaining(['Workspace 1', 'Workspace 2']) },
    });
    const layers = (await get('/api/layers?workspace=1', benchToken)).json();
    expect(layers.results.map((l: { name: string }) => l.name)).toEqual(['Riolering 1', 'Bomen 2']);
  });

  it('moves the id sequences past the imported rows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { authorization: `Token ${benchToken}` },
      payload: { name: 'New', description: 'After the import', admin: 1, account: 2 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe(4);
  });

  it('names what is wrong with a malformed file', () => {
    const raw = rawTenant() as { workspaces: { camera: string }[]; bench: { token?: string } };
    (raw.workspaces[0] as { camera: string }).camera = 'not json';
    raw.bench.token = undefined;
    expect(() => parseBenchTenant(raw)).toThrow(TenantFileError);
    expect(() => parseBenchTenant(raw)).toThrow(
      /bench\.token: .*\n {2}workspaces\.0\.camera: is not a JSON object/,
    );
  });
});
