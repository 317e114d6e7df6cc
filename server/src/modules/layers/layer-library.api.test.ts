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

type Row = {
  id: number;
  name: string;
  workspace: { name: string };
  parent: { name: string } | null;
  data_source: { name: string } | null;
  user_groups: { id: number; name: string }[];
};

/** /layers: every layer of the caller's accounts, searchable, sortable, paged. */
describe('the layer library', () => {
  let t: TestApp;
  let mail: MailServer;
  let ada: TestUser;
  let bob: TestUser;
  let adaToken: string;
  let bobToken: string;
  let account: { id: number };
  let group: { id: number };

  const library = async (token: string, query: string) => {
    const res = await t.app.inject({ url: `/api/layers/library?${query}`, headers: auth(token) });
    return {
      status: res.statusCode,
      body: res.json() as { count: number; next: string | null; results: Row[] },
    };
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    ada = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    adaToken = await loginToken(t, ada);
    bobToken = await loginToken(t, bob);
    account = await buildAccount(t, adaToken, ada.id, 'Library');
    const post = (url: string, payload: object, token = adaToken) =>
      t.app.inject({ method: 'POST', url, headers: auth(token), payload });
    const harbour = await buildWorkspace(t, adaToken, ada.id, account.id, 'Harbour');
    const dunes = await buildWorkspace(t, adaToken, ada.id, account.id, 'Dunes');
    const source = (
      await post('/api/datasources', {
        name: 'Quay tiles',
        type: 3,
        account: account.id,
        config: { url: 'https://x.example.org/{z}/{x}/{y}.png' },
      })
    ).json();
    group = (await post('/api/userGroup', { name: 'Pilots', account: account.id })).json();
    const plans = (await post('/api/layers', { workspace: harbour.id, name: 'Plans' })).json();
    await post('/api/layers', {
      workspace: harbour.id,
      name: 'Quays',
      parent: plans.id,
      data_source: source.id,
      user_groups: [group.id],
    });
    await post('/api/layers', { workspace: dunes.id, name: 'Beach', data_source: source.id });
    // Someone else's account: never listed for Ada.
    const other = await buildAccount(t, bobToken, bob.id, 'Elsewhere');
    const theirs = await buildWorkspace(t, bobToken, bob.id, other.id, 'Theirs');
    await post('/api/layers', { workspace: theirs.id, name: 'Secret quays' }, bobToken);
  });
  afterAll(() => stopApiTest(t, mail));

  it('lists every layer of the account with its workspace, parent, source and groups', async () => {
    const { status, body } = await library(adaToken, `account=${account.id}`);
    expect(status).toBe(200);
    // Each new workspace brings its offline base layer.
    expect(body.count).toBe(5);
    expect(body.results.map((r) => r.name)).toEqual([
      'Beach',
      'Natural Earth II baseLayer',
      'Natural Earth II baseLayer',
      'Plans',
      'Quays',
    ]);
    const quays = body.results.find((r) => r.name === 'Quays');
    expect(quays).toMatchObject({
      workspace: { name: 'Harbour' },
      parent: { name: 'Plans' },
      data_source: { name: 'Quay tiles', type: 3 },
      user_groups: [{ id: group.id, name: 'Pilots' }],
    });
    expect(body.results.find((r) => r.name === 'Plans')).toMatchObject({
      parent: null,
      data_source: null,
      user_groups: [],
    });
  });

  it('searches layer, workspace and source names, sorts by workspace, and pages', async () => {
    expect((await library(adaToken, 'search=quay')).body.results.map((r) => r.name)).toEqual([
      'Beach',
      'Quays',
    ]);
    expect((await library(adaToken, 'search=dunes')).body.results.map((r) => r.name)).toEqual([
      'Beach',
      'Natural Earth II baseLayer',
    ]);
    const byWorkspace = (await library(adaToken, 'ordering=-workspace')).body.results.map(
      (r) => r.workspace.name,
    );
    expect(byWorkspace).toEqual(['Harbour', 'Harbour', 'Harbour', 'Dunes', 'Dunes']);
    const first = (await library(adaToken, 'page_size=2')).body;
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    expect((await library(adaToken, 'page=9')).status).toBe(404);
  });

  it('shows nobody else’s layers, and needs a login', async () => {
    expect((await library(bobToken, `account=${account.id}`)).body.results).toEqual([]);
    expect((await library(bobToken, '')).body.results.map((r) => r.name)).toEqual([
      'Natural Earth II baseLayer',
      'Secret quays',
    ]);
    expect((await t.app.inject({ url: '/api/layers/library' })).statusCode).toBe(401);
    expect((await library(adaToken, 'ordering=sideways')).status).toBe(400);
  });
});
