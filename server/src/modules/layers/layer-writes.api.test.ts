import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../../test/factories.js';
import { type LayerJson, layerCalls } from '../../test/layer-calls.js';
import type { MailServer } from '../../test/mail-server.js';

const flatten = (layers: LayerJson[]): LayerJson[] =>
  layers.flatMap((layer) => [layer, ...flatten(layer.layers)]);

/**
 * What one write does to the tree and nothing more: the editor's tick of a base layer is
 * one PATCH (the server unticks the others), and adding a layer answers it without
 * touching anything else (no clearing of groups a new layer cannot have yet).
 */
describe('layer writes', () => {
  let t: TestApp;
  let mail: MailServer;
  let token: string;
  let workspace: { id: number };
  let group: { id: number };
  let source: { id: number };

  const { call, create, tree } = layerCalls(() => ({ t, token, workspace }));
  const ticked = async () =>
    flatten(await tree())
      .filter((layer) => layer.visible)
      .map((layer) => layer.name);

  // A statement-level trigger fires for every DELETE statement, even one that matches no row.
  const deletesOfGroups = async () => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from test_group_deletes`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n);
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    const admin = await buildActiveUser(t, mail);
    token = await loginToken(t, admin);
    const account = await buildAccount(t, token, admin.id, 'Writes');
    workspace = await buildWorkspace(t, token, admin.id, account.id, 'One request each');
    group = (await call('POST', '/api/userGroup', { name: 'Crew', account: account.id })).json();
    source = (
      await call('POST', '/api/datasources', {
        name: 'Aerial',
        type: 4,
        account: account.id,
        config: { url: 'https://tiles.example.org/aerial/tileset.json' },
      })
    ).json();
    await t.database.db.execute(sql`create table test_group_deletes (at timestamptz default now())`);
    await t.database.db.execute(
      sql.raw(`
      create function test_log_group_delete() returns trigger language plpgsql as $$
      begin insert into test_group_deletes default values; return null; end $$`),
    );
    await t.database.db.execute(sql`
      create trigger test_group_deletes after delete on layer_user_groups
      for each statement execute function test_log_group_delete()`);
  });
  afterAll(() => stopApiTest(t, mail));

  beforeEach(async () => {
    for (const layer of await tree())
      expect((await call('DELETE', `/api/layers/${layer.id}`)).statusCode).toBe(204);
    await t.database.db.execute(sql`delete from test_group_deletes`);
  });

  it('ticks a base layer with one PATCH: the other base layers are unticked with it', async () => {
    const plans = await create({ name: 'Plans' });
    await create({ name: 'Quays', parent: plans.id, data_source: source.id });
    const osm = await create({ name: 'OSM baseLayer', data_source: source.id, visible: true });
    const natural = await create({
      name: 'Natural Earth baseLayer',
      template: '{"builtin":"natural-earth-ii"}',
      visible: false,
    });
    const nested = await create({ name: 'Aerial baseLayer', parent: plans.id, data_source: source.id });
    // A group whose name says baseLayer is a group all the same: its tick stays.
    await create({ name: 'More baseLayer' });
    expect(await ticked()).toEqual(['Plans', 'Quays', 'Aerial baseLayer', 'OSM baseLayer', 'More baseLayer']);

    const res = await call('PATCH', `/api/layers/${natural.id}`, { visible: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: natural.id, visible: true });
    expect(await ticked()).toEqual(['Plans', 'Quays', 'Natural Earth baseLayer', 'More baseLayer']);

    // Unticking, or ticking a layer that is no base layer, leaves the others alone.
    expect((await call('PATCH', `/api/layers/${osm.id}`, { visible: true, name: 'OSM' })).statusCode).toBe(
      200,
    );
    expect(await ticked()).toEqual(['Plans', 'Quays', 'OSM', 'Natural Earth baseLayer', 'More baseLayer']);
    await call('PATCH', `/api/layers/${nested.id}`, { visible: false });
    expect(await ticked()).toEqual(['Plans', 'Quays', 'OSM', 'Natural Earth baseLayer', 'More baseLayer']);
  });

  it('adds a layer without deleting anything, and answers it as the tree then lists it', async () => {
    const plain = await create({ name: 'Plain', template: '{"outlineColor":"#000","color":"#f00"}' });
    const grouped = await create({
      name: 'Grouped',
      parent: plain.id,
      data_source: source.id,
      user_groups: [group.id, group.id],
    });
    expect(await deletesOfGroups()).toBe(0);
    expect(grouped).toEqual({
      id: grouped.id,
      name: 'Grouped',
      visible: true,
      data_source: source.id,
      template: '{}',
      user_groups: [group.id],
      layers: [],
    });
    const [listed] = await tree();
    expect(listed).toEqual({ ...plain, layers: [grouped] });

    // A change of the groups of an existing layer replaces them: that one deletes.
    await call('PATCH', `/api/layers/${grouped.id}`, { user_groups: [] });
    expect(await deletesOfGroups()).toBe(1);
  });
});
