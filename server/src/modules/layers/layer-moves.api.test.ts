import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layers } from '../../db/schema.js';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../../test/factories.js';
import { type LayerJson, layerCalls } from '../../test/layer-calls.js';
import type { MailServer } from '../../test/mail-server.js';

const cycleError = { parent: ['A layer cannot be moved into itself or one of its own layers.'] };

/** Every id in the tree, however deep. */
const idsOf = (layers: LayerJson[]): number[] =>
  layers.flatMap((layer) => [layer.id, ...idsOf(layer.layers)]);

/**
 * Concurrent changes to one workspace's tree: two moves that each look fine alone but
 * together would make a cycle, and inserts and deletes whose renumbering reads the same
 * siblings. On PostgreSQL they really run at once (a pool of connections).
 */
describe('concurrent changes to a layer tree', () => {
  let t: TestApp;
  let mail: MailServer;
  let token: string;
  let workspace: { id: number };

  const { call, create, tree } = layerCalls(() => ({ t, token, workspace }));

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    const admin = await buildActiveUser(t, mail);
    token = await loginToken(t, admin);
    const account = await buildAccount(t, token, admin.id, 'Racing');
    workspace = await buildWorkspace(t, token, admin.id, account.id, 'Crossed moves');
  });
  afterAll(() => stopApiTest(t, mail));

  it('lets exactly one of two crossing moves through, 50 times out of 50, and the tree keeps both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 50; round++) {
      const x = await create({ name: `X${round}` });
      const y = await create({ name: `Y${round}` });
      await create({ name: `child of X${round}`, parent: x.id });
      const answers = await Promise.all([
        call('PATCH', `/api/layers/${x.id}`, { parent: y.id }),
        call('PATCH', `/api/layers/${y.id}`, { parent: x.id }),
      ]);
      const refused = answers.find((res) => res.statusCode === 400);
      if (refused) expect(refused.json()).toEqual(cycleError);
      const shown = idsOf(await tree());
      const statuses = answers.map((res) => res.statusCode).sort();
      const lost = [x.id, y.id].some((id) => !shown.includes(id));
      outcomes.push(`${statuses.join('+')}${lost ? ', both gone from the tree' : ''}`);
    }
    expect(outcomes.filter((outcome) => outcome !== '200+400')).toEqual([]);
  });

  it('leaves no cycle in the database: every layer reaches the top, and the tree shows them all', async () => {
    const rows = await t.database.db
      .select({ id: layers.id, parentId: layers.parentId })
      .from(layers)
      .where(eq(layers.workspaceId, workspace.id));
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    const inCycle = [...parentOf.keys()].filter((id) => {
      const seen = new Set<number>();
      for (let current: number | null | undefined = id; current != null; current = parentOf.get(current)) {
        if (seen.has(current)) return true;
        seen.add(current);
      }
      return false;
    });
    expect(inCycle).toEqual([]);
    expect(idsOf(await tree()).sort((a, b) => a - b)).toEqual([...parentOf.keys()].sort((a, b) => a - b));
  });

  it('keeps positions 0, 1, 2, … among siblings when inserts and deletes run at once', async () => {
    const group = await create({ name: 'Busy' });
    const first = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create({ name: `L${i}`, parent: group.id })),
    );
    await Promise.all([
      ...first.slice(0, 3).map((layer) => call('DELETE', `/api/layers/${layer.id}`)),
      ...Array.from({ length: 4 }, (_, i) => create({ name: `M${i}`, parent: group.id, position: 0 })),
    ]);
    const rows = await t.database.db
      .select({ position: layers.position })
      .from(layers)
      .where(eq(layers.parentId, group.id))
      .orderBy(asc(layers.position));
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
