import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, datasources, layers } from '../../db/schema.js';
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

const wms = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://maps.example.org/wms',
  layers: 'roads',
  ...overrides,
});

describe('data sources', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let north: { id: number };
  let south: { id: number };
  let bobs: { id: number };

  const create = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/datasources', headers: auth(token), payload });
  const createOk = async (payload: Record<string, unknown>, token = aliceToken) => {
    const res = await create(token, payload);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    return res.json() as { id: number; name: string; config: Record<string, unknown>; secrets: string[] };
  };
  const list = (query: string, token = aliceToken) =>
    t.app.inject({ url: `/api/datasources${query}`, headers: auth(token) });

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    north = await buildAccount(t, aliceToken, alice.id, 'North');
    south = await buildAccount(t, aliceToken, alice.id, 'South');
    bobs = await buildAccount(t, bobToken, bob.id, 'Bobs');
  });
  afterAll(() => stopApiTest(t, mail));

  it('creates a source with its config checked and defaulted, its secret sealed and never answered', async () => {
    const res = await create(aliceToken, {
      name: 'Roads',
      type: 1,
      account: north.id,
      config: wms({ username: 'gis', password: 'Very-Secret-Pass' }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Roads',
      type: 1,
      account: north.id,
      date_modified: expect.any(String),
      workspaces: { count: 0, names: [], ids: [] },
      config: {
        url: 'https://maps.example.org/wms',
        layers: 'roads',
        version: '1.3.0',
        format: 'image/png',
        transparent: true,
        parameters: {},
        username: 'gis',
      },
      secrets: ['password'],
      arcgis: null,
    });
    expect(res.body).not.toContain('Very-Secret-Pass');
    const [row] = await t.database.db.select().from(datasources).where(eq(datasources.id, body.id));
    expect(row?.secrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('Very-Secret-Pass');

    const read = await t.app.inject({ url: `/api/datasources/${body.id}/`, headers: auth(aliceToken) });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('Very-Secret-Pass');
    expect(read.json().secrets).toEqual(['password']);
  });

  it("names the wrong field of a type's config, an unknown type and an account the caller does not administer", async () => {
    const noUrl = await create(aliceToken, {
      name: 'x',
      type: 1,
      account: north.id,
      config: { layers: 'a' },
    });
    expect(noUrl.statusCode).toBe(400);
    expect(Object.keys(noUrl.json())).toEqual(['config.url']);
    const badXyz = await create(aliceToken, {
      name: 'x',
      type: 3,
      account: north.id,
      config: { url: 'https://tiles.example.org/tiles.png' },
    });
    expect(badXyz.json()).toEqual({ 'config.url': ['The URL must contain {z}, {x} and {y}'] });
    const ftp = await create(aliceToken, {
      name: 'x',
      type: 4,
      account: north.id,
      config: { url: 'ftp://x.org/' },
    });
    expect(ftp.json()).toEqual({ 'config.url': ['Enter a valid http(s) URL'] });
    const noLayers = await create(aliceToken, {
      name: 'x',
      type: 1,
      account: north.id,
      config: { url: 'https://maps.example.org/wms' },
    });
    expect(noLayers.json()).toEqual({ 'config.layers': ['This field is required'] });
    const unknownType = await create(aliceToken, { name: 'x', type: 999, account: north.id, config: wms() });
    expect(unknownType.statusCode).toBe(400);
    expect(Object.keys(unknownType.json())).toEqual(['type']);
    const foreign = await create(aliceToken, { name: 'x', type: 1, account: bobs.id, config: wms() });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['account']);
    const noName = await create(aliceToken, { type: 1, account: north.id, config: wms() });
    expect(noName.json()).toEqual({ name: ['This field is required.'] });
    const notObject = await create(aliceToken, { name: 'x', type: 1, account: north.id, config: 'url' });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(notObject.json())).toEqual(['config']);
  });

  it("keeps another admin's sources out of reach: 404 to read, change and delete, absent from lists", async () => {
    const secret = await createOk({
      name: 'Hidden',
      type: 6,
      account: north.id,
      config: { url: 'https://gis.example.org/arcgis/rest/services/X/MapServer', token: 'tok-123' },
    });
    for (const request of [
      { method: 'GET' as const, url: `/api/datasources/${secret.id}` },
      { method: 'PATCH' as const, url: `/api/datasources/${secret.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `/api/datasources/${secret.id}` },
    ]) {
      const res = await t.app.inject({ ...request, headers: auth(bobToken) });
      expect(res.statusCode, `${request.method}`).toBe(404);
    }
    const bobsList = await list('', bobToken);
    expect(bobsList.json().results.map((d: { name: string }) => d.name)).not.toContain('Hidden');
    const foreignAccount = await list(`?account=${north.id}`, bobToken);
    expect(foreignAccount.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const anonymous = await t.app.inject({ url: '/api/datasources' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages, searches and orders on the server, with DRF links', async () => {
    for (const name of ['Alpha 100%', 'beta_1', 'Gamma', 'delta', 'Epsilon']) {
      await createOk({
        name,
        type: 4,
        account: south.id,
        config: { url: 'https://tiles.example.org/tileset.json' },
      });
    }
    const first = await list(`?account=${south.id}&page_size=2&ordering=name`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(5);
    expect(page1.results.map((d: { name: string }) => d.name)).toEqual(['Alpha 100%', 'beta_1']);
    expect(page1.previous).toBeNull();
    const next = new URL(page1.next);
    expect(next.pathname).toBe('/api/datasources');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      account: String(south.id),
      page_size: '2',
      ordering: 'name',
      page: '2',
    });
    const page2 = (await list(`${next.pathname}${next.search}`.replace('/api/datasources', ''))).json();
    expect(page2.results.map((d: { name: string }) => d.name)).toEqual(['delta', 'Epsilon']);
    expect(new URL(page2.previous).searchParams.has('page')).toBe(false);
    const last = (await list(`?account=${south.id}&page_size=2&ordering=name&page=3`)).json();
    expect(last.next).toBeNull();
    expect(last.results.map((d: { name: string }) => d.name)).toEqual(['Gamma']);
    expect((await list(`?account=${south.id}&page=9`)).statusCode).toBe(404);

    const descending = (await list(`?account=${south.id}&ordering=-name`)).json();
    expect(descending.results.map((d: { name: string }) => d.name)).toEqual([
      'Gamma',
      'Epsilon',
      'delta',
      'beta_1',
      'Alpha 100%',
    ]);
    const newest = (await list(`?account=${south.id}`)).json();
    expect(newest.results[0].name).toBe('Epsilon');
    const oldest = (await list(`?account=${south.id}&ordering=date_modified`)).json();
    expect(oldest.results[0].name).toBe('Alpha 100%');

    const search = (q: string) =>
      list(`?account=${south.id}&search=${encodeURIComponent(q)}`).then((r) =>
        r.json().results.map((d: { name: string }) => d.name),
      );
    expect(await search('ALPHA')).toEqual(['Alpha 100%']);
    expect(await search('%')).toEqual(['Alpha 100%']);
    expect(await search('_')).toEqual(['beta_1']);
    expect(await search('nothing')).toEqual([]);

    expect((await list('?page_size=1001')).json()).toEqual({
      page_size: ['Ensure this value is less than or equal to 1000.'],
    });
    expect((await list('?ordering=type')).statusCode).toBe(400);
  });

  it('renames and reconfigures; a secret left out is kept, null removes it', async () => {
    const source = await createOk({
      name: 'Secured',
      type: 1,
      account: north.id,
      config: wms({ username: 'gis', password: 'Keep-Me-1' }),
    });
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/datasources/${source.id}`,
        headers: auth(aliceToken),
        payload,
      });
    const renamed = await patch({ name: 'Secured WMS' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Secured WMS', secrets: ['password'] });
    const moved = await patch({ config: wms({ url: 'https://other.example.org/wms', username: 'gis' }) });
    expect(moved.json()).toMatchObject({
      config: { url: 'https://other.example.org/wms' },
      secrets: ['password'],
    });
    expect(moved.body).not.toContain('Keep-Me-1');
    const invalid = await patch({ config: wms({ layers: '' }) });
    expect(invalid.json()).toEqual({ 'config.layers': ['This field is required'] });
    const cleared = await patch({ config: wms({ password: null }) });
    expect(cleared.json().secrets).toEqual([]);
    expect((await patch({ type: 2 })).statusCode).toBe(400);
  });

  it('counts the workspaces whose layers use a source, and refuses to delete it while they do', async () => {
    const source = await createOk({
      name: 'Buildings',
      type: 4,
      account: north.id,
      config: { url: 'https://tiles.example.org/b/tileset.json' },
    });
    const harbour = await buildWorkspace(t, aliceToken, alice.id, north.id, 'Harbour');
    const centre = await buildWorkspace(t, aliceToken, alice.id, north.id, 'Centre');
    const [first] = await t.database.db
      .insert(layers)
      .values([
        { workspaceId: harbour.id, name: 'Buildings', dataSourceId: source.id },
        { workspaceId: harbour.id, name: 'Buildings again', dataSourceId: source.id },
        { workspaceId: centre.id, name: 'Buildings', dataSourceId: source.id },
      ])
      .returning();
    const row = (await list(`?account=${north.id}&search=Buildings`)).json().results[0];
    // The ids follow the names, so a screen can link each name to its workspace.
    expect(row.workspaces).toEqual({ count: 2, names: ['Centre', 'Harbour'], ids: [centre.id, harbour.id] });

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/datasources/${source.id}`,
      headers: auth(aliceToken),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('Centre, Harbour');
    await t.database.db.delete(layers).where(eq(layers.dataSourceId, source.id));
    expect(first).toBeDefined();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/datasources/${source.id}`,
      headers: auth(aliceToken),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/datasources/${source.id}`, headers: auth(aliceToken) })).statusCode,
    ).toBe(404);
  });

  it('keeps the count it answers exact through creates, edits, moves and deletes', async () => {
    const counted = await buildAccount(t, aliceToken, alice.id, 'Counted');
    const other = await buildAccount(t, aliceToken, alice.id, 'Counted too');
    // A page of one is full, so the answer's count comes from the count, not from the page.
    const countOf = async (query: string, token = aliceToken) =>
      (await list(`?page_size=1${query}`, token)).json().count as number;
    const actual = async (accountId?: number) =>
      (
        await t.database.db
          .select()
          .from(datasources)
          .innerJoin(accounts, eq(accounts.id, datasources.accountId))
          .where(
            accountId === undefined ? eq(accounts.adminId, alice.id) : eq(datasources.accountId, accountId),
          )
      ).length;

    const made = [];
    for (const name of ['One', 'Two', 'Three']) {
      made.push(
        await createOk({
          name,
          type: 5,
          account: counted.id,
          config: { url: 'https://d.example.org/a.geojson' },
        }),
      );
    }
    expect(await countOf(`&account=${counted.id}`)).toBe(3);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/datasources/${made[0]?.id}`,
      headers: auth(aliceToken),
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    expect(await countOf(`&account=${counted.id}`)).toBe(3);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/datasources/${made[1]?.id}`,
      headers: auth(aliceToken),
    });
    expect(gone.statusCode).toBe(204);
    expect(await countOf(`&account=${counted.id}`)).toBe(2);

    // The API never moves a source between accounts; the database keeps the counts if anyone does.
    await t.database.db
      .update(datasources)
      .set({ accountId: other.id })
      .where(eq(datasources.id, made[2]?.id ?? 0));
    expect(await countOf(`&account=${counted.id}`)).toBe(1);
    expect(await countOf(`&account=${other.id}`)).toBe(1);

    // All of the caller's accounts, and never another admin's.
    expect(await countOf('')).toBe(await actual());
    expect(await countOf(`&account=${counted.id}`, bobToken)).toBe(0);
    expect(await countOf('', bobToken)).toBe(await actual(bobs.id));
    // A search counts the matching rows themselves.
    expect(await countOf(`&account=${counted.id}&search=renamed`)).toBe(1);
    expect(await countOf(`&account=${counted.id}&search=nothing`)).toBe(0);
  });

  it('goes with its account', async () => {
    const doomed = await buildAccount(t, aliceToken, alice.id, 'Doomed');
    const source = await createOk({
      name: 'Gone soon',
      type: 5,
      account: doomed.id,
      config: { url: 'https://data.example.org/x.geojson' },
    });
    const workspace = await buildWorkspace(t, aliceToken, alice.id, doomed.id, 'Doomed map');
    await t.database.db
      .insert(layers)
      .values({ workspaceId: workspace.id, name: 'x', dataSourceId: source.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${doomed.id}`,
      headers: auth(aliceToken),
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db.select().from(datasources).where(eq(datasources.id, source.id));
    expect(rows).toEqual([]);
  });
});
