import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceEditors } from '../../db/schema.js';
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
import { expectDrfPaging } from '../../test/paging.js';

/** The workspace lists (of an account, of a user, a workspace's editors and share links) page like DRF. */
describe('workspace lists, paged', () => {
  let t: TestApp;
  let mail: MailServer;
  let carol: TestUser;
  let carolToken: string;
  let accountId: number;
  let own: { id: number }[];
  let shared: { id: number };
  let editors: TestUser[];

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    carol = await buildActiveUser(t, mail);
    carolToken = await loginToken(t, carol);
    accountId = (await buildAccount(t, carolToken, carol.id, 'Carol Maps')).id;
    own = [];
    for (let i = 1; i <= 5; i++)
      own.push(await buildWorkspace(t, carolToken, carol.id, accountId, `Map ${i}`));
    // Someone else's workspace that Carol edits: in her own list, not in her account's.
    const alice = await buildActiveUser(t, mail);
    const aliceToken = await loginToken(t, alice);
    const aliceAccount = await buildAccount(t, aliceToken, alice.id, 'Alice Maps');
    shared = await buildWorkspace(t, aliceToken, alice.id, aliceAccount.id, 'Shared with Carol');
    await t.database.db.insert(workspaceEditors).values({ workspaceId: shared.id, userId: carol.id });
    editors = [];
    for (let i = 0; i < 3; i++) editors.push(await buildActiveUser(t, mail));
    const [first] = own;
    if (!first) throw new Error('no workspace');
    await t.database.db
      .insert(workspaceEditors)
      .values(editors.map((editor) => ({ workspaceId: first.id, userId: editor.id })));
  });
  afterAll(() => stopApiTest(t, mail));

  const idsOf = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

  it("pages an account's workspaces, each with its plan and editors, oldest first", async () => {
    const rows = await expectDrfPaging(t, {
      url: `/api/workspaces?account=${accountId}`,
      token: carolToken,
      total: 5,
      pageSize: 2,
    });
    expect(idsOf(rows)).toEqual(own.map((w) => w.id));
    expect(rows[0]).toMatchObject({
      plan: { name: 'Trial' },
      editors: expect.arrayContaining(editors.map((e) => e.id)),
      rights: 'admin',
    });
    expect((rows[0] as { editors: number[] }).editors).toHaveLength(3);
    expect(rows[1]).toMatchObject({ editors: [] });
  });

  it('lists every field a workspace has on its own, camera and plugins as the same JSON', async () => {
    const [first] = own;
    if (!first) throw new Error('no workspace');
    const camera = { longitude: 5.12, latitude: 52.09, height: 1800, heading: 10, pitch: -45, roll: 0 };
    const plugins = {
      splitPanel: { enabled: true, left: [], right: [], position: 0.25 },
      note: 'ünïcode "quoted"',
    };
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/workspaces/${first.id}`,
      headers: auth(carolToken),
    });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${first.id}`,
      headers: auth(carolToken),
      payload: {
        version: detail.json().version,
        camera: JSON.stringify(camera),
        workspacePlugins: JSON.stringify(plugins),
      },
    });
    expect(saved.statusCode).toBe(200);
    const alone = saved.json();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/workspaces?account=${accountId}`,
      headers: auth(carolToken),
    });
    const listed = list.json().results.find((w: { id: number }) => w.id === first.id);
    const { camera: listedCamera, workspacePlugins: listedPlugins, ...listedRest } = listed;
    const { camera: aloneCamera, workspacePlugins: alonePlugins, ...aloneRest } = alone;
    expect(listedRest).toEqual(aloneRest);
    expect(JSON.parse(listedCamera)).toEqual(camera);
    expect(JSON.parse(listedPlugins)).toEqual(plugins);
    expect(JSON.parse(aloneCamera)).toEqual(JSON.parse(listedCamera));
    expect(JSON.parse(alonePlugins)).toEqual(JSON.parse(listedPlugins));
  });

  it('pages the workspaces the caller administers and edits', async () => {
    const rows = await expectDrfPaging(t, {
      url: '/api/workspaces',
      token: carolToken,
      total: 6,
      pageSize: 4,
    });
    expect(idsOf(rows)).toEqual([...own.map((w) => w.id), shared.id]);
    expect(rows[5]).toMatchObject({ rights: 'edit', editors: [carol.id] });
  });

  it("pages a workspace's editors by username", async () => {
    const id = own[0]?.id;
    const rows = await expectDrfPaging(t, {
      url: `/api/workspaces/${id}/editors`,
      token: carolToken,
      total: 3,
      pageSize: 2,
    });
    const byName = [...editors].sort((a, b) => (a.username < b.username ? -1 : 1));
    expect(rows).toEqual(byName.map((e) => ({ user: e.id, email: e.email, username: e.username })));
  });

  it("pages a workspace's share links, oldest first", async () => {
    const id = own[1]?.id;
    const made: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/workspaces/${id}/share`,
        headers: auth(carolToken),
        payload: { label: `Link ${i}` },
      });
      expect(res.statusCode).toBe(201);
      made.push(res.json().id);
    }
    const rows = await expectDrfPaging(t, {
      url: `/api/workspaces/${id}/share/`,
      token: carolToken,
      total: 5,
      pageSize: 2,
    });
    expect(idsOf(rows)).toEqual(made);
  });
});
