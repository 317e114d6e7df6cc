import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultWorkspacePlugins } from '@geows/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema.js';
import { createTestApp, stopApiTest, type TestApp } from '../../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from '../../test/factories.js';
import { type MailServer, startMailServer } from '../../test/mail-server.js';
import { upsertSite } from '../sites/sites.repository.js';

/** RUNTIME.md, "Workspace tools": the shapes of `workspacePlugins`, and what they may name. */
describe('workspace plugins', () => {
  let t: TestApp;
  let mail: MailServer;
  let webDist: string;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let workspace: { id: number };
  let sibling: { id: number };
  let layerIds: number[];
  let siblingLayer: number;
  let bobLayer: number;
  let sources: { wcs: number; geotiff: number; terrain: number; wms: number; bobsWcs: number };

  const send = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers = {},
  ) =>
    t.app.inject({ method, url, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });
  const layer = async (token: string, workspaceId: number, name: string) => {
    const res = await send(token, 'POST', '/api/layers', { workspace: workspaceId, name });
    if (res.statusCode !== 201) throw new Error(`layer failed: ${res.body}`);
    return res.json().id as number;
  };
  const source = async (token: string, account: number, type: number, config: object) => {
    const res = await send(token, 'POST', '/api/datasources', {
      name: `Source ${type}`,
      type,
      account,
      config,
    });
    if (res.statusCode !== 201) throw new Error(`data source failed: ${res.body}`);
    return res.json().id as number;
  };
  const read = async (id = workspace.id) => (await send(aliceToken, 'GET', `/api/workspaces/${id}`)).json();
  /** Saves `plugins` on the workspace's current version. */
  const save = async (plugins: unknown, headers: Record<string, string> = {}, id = workspace.id) => {
    const { version } = await read(id);
    const workspacePlugins = typeof plugins === 'string' ? plugins : JSON.stringify(plugins);
    return send(aliceToken, 'PATCH', `/api/workspaces/${id}`, { version, workspacePlugins }, headers);
  };
  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
  const frameSrc = (policy: unknown) =>
    String(policy)
      .split('; ')
      .find((part) => part.startsWith('frame-src '));

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mail = await startMailServer();
    t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://geo.example.org' }, { webDist });
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    const account = (await buildAccount(t, aliceToken, alice.id)).id;
    const bobsAccount = (await buildAccount(t, bobToken, bob.id, 'Bob Maps')).id;
    workspace = await buildWorkspace(t, aliceToken, alice.id, account, 'Harbour');
    sibling = await buildWorkspace(t, aliceToken, alice.id, account, 'Sibling');
    const bobs = await buildWorkspace(t, bobToken, bob.id, bobsAccount, 'Bob');
    layerIds = [
      await layer(aliceToken, workspace.id, 'Quay walls'),
      await layer(aliceToken, workspace.id, 'Cables'),
      await layer(aliceToken, workspace.id, 'Dredging'),
    ];
    siblingLayer = await layer(aliceToken, sibling.id, 'Sibling layer');
    bobLayer = await layer(bobToken, bobs.id, 'Bob layer');
    const wcs = { url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0', coverage: 'dtm_05m' };
    sources = {
      wcs: await source(aliceToken, account, 9, wcs),
      geotiff: await source(aliceToken, account, 10, { url: 'https://data.example.org/dem.tif' }),
      terrain: await source(aliceToken, account, 8, { url: 'https://terrain.example.org/tiles' }),
      wms: await source(aliceToken, account, 1, { url: 'https://maps.example.org/wms', layers: 'roads' }),
      bobsWcs: await source(bobToken, bobsAccount, 9, wcs),
    };
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const camera = { longitude: 4.48, latitude: 51.92, height: 900, heading: 10, pitch: -30, roll: 0 };

  it('starts a new workspace with the decided defaults', async () => {
    const { workspacePlugins } = await read();
    expect(JSON.parse(workspacePlugins)).toEqual({
      splitPanel: { enabled: false, left: [], right: [], position: 0.5 },
      elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red', datasource: null }] },
      bi: { url: '' },
      views: [],
    });
    expect(JSON.parse(workspacePlugins)).toEqual(defaultWorkspacePlugins);
  });

  it('keeps valid settings, and keys it does not know, as sent', async () => {
    const [quay, cables, dredging] = layerIds as [number, number, number];
    const plugins = {
      splitPanel: { enabled: true, left: [quay], right: [cables, dredging], position: 0.3 },
      elevation: {
        profiles: [
          { title: 'AHN3/AHN4', color: 'red', datasource: null },
          { title: 'Own WCS', color: '#00ff0080', datasource: sources.wcs },
          { title: 'GeoTIFF', color: 'rgb(0, 0, 255)', datasource: sources.geotiff },
          { title: 'Terrain', color: 'hsl(30, 100%, 50%)', datasource: sources.terrain },
        ],
      },
      bi: { url: 'https://dashboard.example.com/report?tab=1' },
      views: [
        { id: 'quay', title: 'Quay walls', camera, visible: [quay], split: 0.5 },
        { id: 2, title: 'Everything', camera, visible: layerIds, split: null },
      ],
      legend: { open: true },
      later: ['anything', 1, null],
    };
    const before = await read();
    const res = await save(plugins);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(before.version + 1);
    expect(JSON.parse(res.json().workspacePlugins)).toEqual(plugins);
    expect(JSON.parse((await read()).workspacePlugins)).toEqual(plugins);
  });

  it('takes a subset of the keys, and the defaults a key has', async () => {
    const res = await save({ bi: { url: '' }, splitPanel: { enabled: false, left: [], right: [] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().workspacePlugins)).toEqual({
      bi: { url: '' },
      splitPanel: { enabled: false, left: [], right: [] },
    });
  });

  // One per rule of the shapes; the contract's tests (workspace-plugins.test.ts) go through each message.
  it.each([
    ['not an object', [], 'Enter the plugin settings as a JSON object.'],
    [
      'splitPanel not an object',
      { splitPanel: true },
      'splitPanel must be an object: {enabled, left, right, position}.',
    ],
    [
      'splitPanel.enabled',
      { splitPanel: { enabled: 'yes', left: [], right: [] } },
      'splitPanel.enabled must be true or false.',
    ],
    [
      'splitPanel.left',
      { splitPanel: { enabled: true, left: 'all', right: [] } },
      'splitPanel.left must be a list of layer ids.',
    ],
    [
      'splitPanel.right item',
      { splitPanel: { enabled: true, left: [], right: [-1] } },
      'splitPanel.right[0] must be a layer id (a whole number).',
    ],
    [
      'splitPanel.position',
      { splitPanel: { enabled: true, left: [], right: [], position: 1.5 } },
      'splitPanel.position must be a number from 0 to 1.',
    ],
    [
      'a layer on both sides',
      { splitPanel: { enabled: true, left: [7, 8], right: [8] } },
      'splitPanel.right must not hold a layer of splitPanel.left: 8 is in both.',
    ],
    ['elevation not an object', { elevation: 'AHN' }, 'elevation must be an object: {profiles}.'],
    [
      'elevation.profiles',
      { elevation: { profiles: {} } },
      'elevation.profiles must be a list of {title, color, datasource}.',
    ],
    [
      'a profile without a title',
      { elevation: { profiles: [{ title: '', color: 'red' }] } },
      'elevation.profiles[0].title must not be empty.',
    ],
    [
      'a colour that is none',
      { elevation: { profiles: [{ title: 'A', color: 'url(javascript:x)' }] } },
      'elevation.profiles[0].color must be a CSS colour: a name such as red, #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla().',
    ],
    [
      'a datasource that is no id',
      { elevation: { profiles: [{ title: 'A', color: 'red', datasource: '5' }] } },
      'elevation.profiles[0].datasource must be the id of a data source, or null.',
    ],
    ['bi not an object', { bi: '' }, 'bi must be an object: {url}.'],
    [
      'a javascript: dashboard',
      { bi: { url: 'javascript:alert(document.domain)' } },
      'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
    ],
    [
      'a data: dashboard',
      { bi: { url: 'data:text/html,<script>alert(1)</script>' } },
      'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
    ],
    [
      'a dashboard with credentials',
      { bi: { url: 'https://admin:secret@dashboard.example.com/' } },
      'bi.url must not hold a user name or password.',
    ],
    [
      'views not a list',
      { views: { quay: {} } },
      'views must be a list of saved views: [{id, title, camera, visible, split}].',
    ],
    [
      'a view without an id',
      { views: [{ title: 'A', camera, visible: [] }] },
      'views[0].id must be text of 1 to 100 characters or a number.',
    ],
    [
      'a view without a title',
      { views: [{ id: 1, title: ' ', camera, visible: [] }] },
      'views[0].title must not be empty.',
    ],
    [
      'a view camera as text',
      { views: [{ id: 1, title: 'A', camera: JSON.stringify(camera), visible: [] }] },
      'views[0].camera must be an object: {longitude, latitude, height, heading, pitch, roll}.',
    ],
    [
      'a view camera out of bounds',
      { views: [{ id: 1, title: 'A', camera: { ...camera, longitude: 181 }, visible: [] }] },
      'views[0].camera.longitude must be a number from -180 to 180.',
    ],
    [
      'a view visible list',
      { views: [{ id: 1, title: 'A', camera, visible: [1.5] }] },
      'views[0].visible[0] must be a layer id (a whole number).',
    ],
    [
      'a view split',
      { views: [{ id: 1, title: 'A', camera, visible: [], split: -0.1 }] },
      'views[0].split must be a number from 0 to 1.',
    ],
    [
      'two views with one id',
      {
        views: [
          { id: 'a', title: 'A', camera, visible: [] },
          { id: 'a', title: 'B', camera, visible: [] },
        ],
      },
      'views[1].id must differ from views[0].id.',
    ],
  ])('refuses %s with a 400 naming the key, and changes nothing', async (_, plugins, message) => {
    const before = await read();
    const res = await save(plugins);
    expect([res.statusCode, res.json()]).toEqual([400, { workspacePlugins: [message] }]);
    const after = await read();
    expect([after.version, after.workspacePlugins]).toEqual([before.version, before.workspacePlugins]);
  });

  it('refuses layers of another workspace like missing ones, wherever they are named', async () => {
    const [quay] = layerIds as [number];
    const notOurs = `must hold layers of this workspace`;
    for (const foreign of [siblingLayer, bobLayer, 2_000_000_000]) {
      const res = await save({
        splitPanel: { enabled: true, left: [quay, foreign], right: [] },
        views: [
          { id: 'mine', title: 'Mine', camera, visible: [quay] },
          { id: 'theirs', title: 'Theirs', camera, visible: [foreign] },
        ],
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        {
          workspacePlugins: [
            `splitPanel.left ${notOurs}: ${foreign} is not one.`,
            `views[1].visible ${notOurs}: ${foreign} is not one.`,
          ],
        },
      ]);
      const right = await save({ splitPanel: { enabled: true, left: [], right: [foreign] } });
      expect(right.json()).toEqual({
        workspacePlugins: [`splitPanel.right ${notOurs}: ${foreign} is not one.`],
      });
    }
  });

  it('refuses an elevation source of another account, of a kind without heights, or missing, alike', async () => {
    const message = (index: number, id: number) =>
      `elevation.profiles[${index}].datasource must be an elevation data source (WCS, GeoTIFF or Cesium terrain) of this workspace's account: ${id} is not one.`;
    for (const id of [sources.bobsWcs, sources.wms, 2_000_000_000]) {
      const res = await save({
        elevation: {
          profiles: [
            { title: 'Ours', color: 'red', datasource: sources.wcs },
            { title: 'Not ours', color: 'blue', datasource: id },
          ],
        },
      });
      expect([res.statusCode, res.json()]).toEqual([400, { workspacePlugins: [message(1, id)] }]);
    }
  });

  it("refuses a dashboard on this site's own origin, however it is written", async () => {
    const own = "bi.url must not be on this site's own origin: the dashboard must come from another site.";
    await upsertSite(t.database.db, 'https://maps.example.net', { title: 'Maps' });
    const cases: [string, Record<string, string>][] = [
      // The address the request came in on (inject's Host is localhost:80).
      ['http://localhost/workspace/view/1', {}],
      ['https://LOCALHOST/', {}],
      // The browser's origin.
      ['https://app.example.io/page', { origin: 'https://app.example.io' }],
      // PUBLIC_URL, a site of the sites table, the listening origin under another loopback name.
      ['https://geo.example.org/dashboard', {}],
      ['https://www.geo.example.org/dashboard', {}],
      ['http://maps.example.net/x', {}],
      ['http://127.0.0.1:8000/', {}],
      ['http://localhost:8000/workspace/1', {}],
    ];
    for (const [url, headers] of cases) {
      const res = await save({ bi: { url } }, headers);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { workspacePlugins: [own] }]);
    }
    // Another port on loopback is another origin: a dashboard served beside this server.
    for (const url of [
      'http://127.0.0.1:3000/',
      'https://geo.example.org:8443/',
      'https://dash.example.org/',
    ]) {
      const res = await save({ bi: { url } });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
  });

  it('keeps saving settings that name a layer or source deleted since they were saved', async () => {
    const doomedLayer = await layer(aliceToken, workspace.id, 'Temporary');
    const doomedSource = await source(aliceToken, (await read()).account, 10, {
      url: 'https://data.example.org/old.tif',
    });
    const plugins = {
      splitPanel: { enabled: true, left: [doomedLayer], right: [] },
      elevation: { profiles: [{ title: 'Old', color: 'red', datasource: doomedSource }] },
      views: [{ id: 1, title: 'Old', camera, visible: [doomedLayer] }],
    };
    expect((await save(plugins)).statusCode).toBe(200);
    for (const url of [`/api/layers/${doomedLayer}`, `/api/datasources/${doomedSource}`]) {
      const gone = await t.app.inject({ method: 'DELETE', url, headers: auth(aliceToken) });
      expect(gone.statusCode, url).toBe(204);
    }
    const again = await save({ ...plugins, bi: { url: 'https://dash.example.org/' } });
    expect(again.statusCode, again.body).toBe(200);
    // What was not there before is checked as ever.
    const moved = await save({
      ...plugins,
      splitPanel: { enabled: true, left: [], right: [doomedLayer + 1000] },
    });
    expect(moved.statusCode).toBe(400);
  });

  it('reads stored plugins that lack keys or predate the shapes, and saves other changes beside them', async () => {
    const old = {
      splitPanel: { enabled: false },
      elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red' }] },
    };
    await t.database.db
      .update(workspaces)
      .set({ workspacePlugins: old })
      .where(eq(workspaces.id, sibling.id));
    const { version } = await read(sibling.id);
    const renamed = await send(aliceToken, 'PATCH', `/api/workspaces/${sibling.id}`, {
      version,
      name: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(JSON.parse(renamed.json().workspacePlugins)).toEqual(old);
  });

  describe('a clone', () => {
    const clone = async (id: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cloneWorkspace',
        headers: auth(aliceToken),
        payload: { workspace: id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; workspacePlugins: string };
    };
    const layersByName = async (workspaceId: number) => {
      const rows = await t.database.db.query.layers.findMany({
        where: (l, { eq }) => eq(l.workspaceId, workspaceId),
      });
      return new Map(rows.map((row) => [row.name, row.id]));
    };

    it('names the copied layers in its compare and views, and keeps everything else as it was', async () => {
      const original = await buildWorkspace(t, aliceToken, alice.id, (await read()).account, 'Locks');
      const group = await layer(aliceToken, original.id, 'Locks group');
      const childRes = await send(aliceToken, 'POST', '/api/layers', {
        workspace: original.id,
        name: 'Lock gates',
        parent: group,
      });
      const child = childRes.json().id as number;
      const quays = await layer(aliceToken, original.id, 'Lock quays');
      const doomed = await layer(aliceToken, original.id, 'Deleted since');
      const view = (id: string, visible: number[]) => ({ id, title: id, camera, visible, split: 0.4 });
      const plugins = (ids: Record<'group' | 'child' | 'quays' | 'doomed', number | undefined>) => {
        const only = (...list: (number | undefined)[]) => list.filter((id) => id !== undefined);
        return {
          splitPanel: {
            enabled: true,
            left: only(ids.group),
            right: only(ids.quays, ids.doomed),
            position: 0.3,
          },
          elevation: { profiles: [{ title: 'AHN', color: 'red', datasource: sources.wcs }] },
          bi: { url: 'https://dash.example.org/' },
          views: [view('all', only(ids.group, ids.child, ids.quays, ids.doomed)), view('none', [])],
          // Ids under a key the product does not know are no layers it knows of: kept.
          legend: { layers: [group, quays] },
        };
      };
      const sent = plugins({ group, child, quays, doomed });
      expect((await save(sent, {}, original.id)).statusCode).toBe(200);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/layers/${doomed}`,
        headers: auth(aliceToken),
      });
      expect(gone.statusCode).toBe(204);

      const copy = await clone(original.id);
      const copied = await layersByName(copy.id);
      const expected = plugins({
        group: copied.get('Locks group'),
        child: copied.get('Lock gates'),
        quays: copied.get('Lock quays'),
        doomed: undefined,
      });
      expect(expected.views[0]?.visible).toHaveLength(3);
      expect(JSON.parse(copy.workspacePlugins)).toEqual(expected);
      expect(JSON.parse((await read(copy.id)).workspacePlugins)).toEqual(expected);
      expect(JSON.parse((await read(original.id)).workspacePlugins)).toEqual(sent);
      // The copy's settings are its own: saving them again passes the layer check.
      expect((await save(expected, {}, copy.id)).statusCode).toBe(200);
    });

    it('copies stored plugins that predate the shapes as they are', async () => {
      const original = await buildWorkspace(t, aliceToken, alice.id, (await read()).account, 'Old locks');
      const kept = await layer(aliceToken, original.id, 'Old lock');
      const old = {
        splitPanel: { enabled: false, left: [kept, 'x', 99_999_999] },
        views: [{ id: 1, title: 'Old', visible: [kept] }, 'not a view', { id: 2, title: 'No layers' }],
        elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red' }] },
      };
      await t.database.db
        .update(workspaces)
        .set({ workspacePlugins: old })
        .where(eq(workspaces.id, original.id));
      const copy = await clone(original.id);
      const copiedId = (await layersByName(copy.id)).get('Old lock');
      expect(JSON.parse(copy.workspacePlugins)).toEqual({
        ...old,
        splitPanel: { enabled: false, left: [copiedId] },
        views: [{ id: 1, title: 'Old', visible: [copiedId] }, 'not a view', { id: 2, title: 'No layers' }],
      });
    });
  });

  describe("the map pages' CSP", () => {
    const dashboard = 'https://dashboard.example.com';
    let token: string;
    beforeAll(async () => {
      expect((await save({ bi: { url: `${dashboard}/reports/7?embed=true` } })).statusCode).toBe(200);
      const link = await send(aliceToken, 'POST', `/api/workspaces/${workspace.id}/share`, {});
      token = link.json().token;
    });

    it("frames exactly the workspace's dashboard origin on its map pages", async () => {
      for (const url of [
        `/workspace/view/${workspace.id}`,
        `/workspace/view/${workspace.id}?view=quay`,
        `/workspace/${workspace.id}`,
        `/workspace/share/${workspace.id}/${token}`,
      ]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(frameSrc(res.headers['content-security-policy']), url).toBe(`frame-src 'self' ${dashboard}`);
      }
    });

    it('adds no frame source without a dashboard, a workspace or a live share link', async () => {
      const shareOfSibling = (
        await send(aliceToken, 'POST', `/api/workspaces/${sibling.id}/share`, {})
      ).json();
      for (const url of [
        `/workspace/view/${sibling.id}`,
        '/workspace/view/999999',
        '/workspace/view/99999999999',
        `/workspace/share/${workspace.id}/not-a-token`,
        `/workspace/share/${workspace.id}/${shareOfSibling.token}`,
        `/workspace/share/${workspace.id}/${'x'.repeat(300)}`,
        '/workspaces',
        '/',
      ]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(frameSrc(res.headers['content-security-policy']), url).toBeUndefined();
      }
      // A revoked link frames nothing any more.
      const links = (await send(aliceToken, 'GET', `/api/workspaces/${workspace.id}/share`)).json().results;
      await t.app.inject({
        method: 'DELETE',
        url: `/api/workspaces/${workspace.id}/share/${links[0].id}`,
        headers: auth(aliceToken),
      });
      const revoked = await page(`/workspace/share/${workspace.id}/${token}`);
      expect(frameSrc(revoked.headers['content-security-policy'])).toBeUndefined();
    });

    it('puts nothing into the header that a stored value smuggles in', async () => {
      for (const url of ["https://x.example.org'; script-src *", 'javascript:alert(1)', 'https://a b']) {
        await t.database.db
          .update(workspaces)
          .set({ workspacePlugins: sql`jsonb_build_object('bi', jsonb_build_object('url', ${url}::text))` })
          .where(eq(workspaces.id, sibling.id));
        const res = await page(`/workspace/view/${sibling.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-security-policy']).not.toContain('frame-src');
        expect(res.headers['content-security-policy']).not.toContain('*');
      }
    });
  });
});
