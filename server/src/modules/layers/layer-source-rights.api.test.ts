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

type Role = 'admin' | 'editor' | 'viewer' | 'stranger';

const doesNotExist = (id: number) => ({ data_source: [`Invalid pk "${id}" - object does not exist.`] });

/**
 * Which data sources a layer may point at (issue 22): the account's admin owns them and
 * may attach any; an editor only those the admin has put in the workspace. Every other
 * id — missing, of another account, or of this account but not offered — gets one and
 * the same answer, so that ids cannot be enumerated.
 */
describe('data sources on layers: who may attach which', () => {
  let t: TestApp;
  let mail: MailServer;
  const users: Record<Role, TestUser> = {} as never;
  const tokens: Record<Role, string> = {} as never;
  let workspace: { id: number; name: string };
  let sibling: { id: number; name: string };
  const sources: Record<'offered' | 'kept' | 'elsewhere' | 'foreign', { id: number }> = {} as never;
  let missing: number;
  let theirs: { id: number };

  const call = (
    who: Role,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: auth(tokens[who]), ...(payload ? { payload } : {}) });
  const addSource = async (who: Role, account: number, name: string) => {
    const res = await call(who, 'POST', '/api/datasources', {
      name,
      type: 4,
      account,
      config: { url: `https://tiles.example.org/${name.toLowerCase()}/tileset.json` },
    });
    if (res.statusCode !== 201) throw new Error(`source failed: ${res.body}`);
    return res.json() as { id: number };
  };
  const addLayer = (who: Role, payload: Record<string, unknown>) =>
    call(who, 'POST', '/api/layers', { workspace: workspace.id, name: 'Layer', ...payload });
  const listFor = async (who: Role, query: string) => {
    const res = await call(who, 'GET', `/api/datasources?${query}`);
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    for (const role of ['admin', 'editor', 'viewer', 'stranger'] as const) {
      users[role] = await buildActiveUser(t, mail);
      tokens[role] = await loginToken(t, users[role]);
    }
    const account = await buildAccount(t, tokens.admin, users.admin.id, 'Port');
    workspace = await buildWorkspace(t, tokens.admin, users.admin.id, account.id, 'Harbour');
    sibling = await buildWorkspace(t, tokens.admin, users.admin.id, account.id, 'Secret plans');
    const editors = await call('admin', 'POST', `/api/workspaces/${workspace.id}/editors`, {
      email: users.editor.email,
    });
    expect(editors.statusCode).toBe(201);
    const invited = await call('admin', 'POST', '/api/invite', {
      workspace: workspace.id,
      email: users.viewer.email,
    });
    expect(invited.statusCode).toBe(201);
    sources.offered = await addSource('admin', account.id, 'Quays');
    sources.kept = await addSource('admin', account.id, 'Cranes');
    sources.elsewhere = await addSource('admin', account.id, 'Payroll');
    theirs = await buildAccount(t, tokens.stranger, users.stranger.id, 'Theirs');
    sources.foreign = await addSource('stranger', theirs.id, 'Foreign');
    missing = sources.foreign.id + 1000;
    // The admin offers Quays and Cranes here; Payroll is used only in another workspace.
    for (const source of [sources.offered, sources.kept])
      expect((await addLayer('admin', { data_source: source.id })).statusCode).toBe(201);
    const hidden = await call('admin', 'POST', '/api/layers', {
      workspace: sibling.id,
      name: 'Salaries',
      data_source: sources.elsewhere.id,
    });
    expect(hidden.statusCode).toBe(201);
  });
  afterAll(() => stopApiTest(t, mail));

  it('refuses an editor every source not in the workspace with the same answer as a missing id', async () => {
    for (const id of [sources.elsewhere.id, missing, sources.foreign.id]) {
      const res = await addLayer('editor', { data_source: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(doesNotExist(id));
    }
  });

  it("lets an editor attach a source the admin has put in the workspace, and the admin any of the account's", async () => {
    const offered = await addLayer('editor', { name: 'More quays', data_source: sources.offered.id });
    expect(offered.statusCode).toBe(201);
    expect(offered.json()).toMatchObject({ name: 'More quays', data_source: sources.offered.id });

    const anyOfTheAccount = await addLayer('admin', {
      name: 'Payroll here',
      data_source: sources.elsewhere.id,
    });
    expect(anyOfTheAccount.statusCode).toBe(201);
    for (const id of [missing, sources.foreign.id]) {
      const res = await addLayer('admin', { data_source: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(doesNotExist(id));
    }
    // Once the admin has put it in the workspace, the editor may use it too.
    expect((await addLayer('editor', { data_source: sources.elsewhere.id })).statusCode).toBe(201);
    // Taken out again: the tests below expect Payroll outside this workspace.
    const tree = await call('admin', 'GET', `/api/layers?workspace=${workspace.id}`);
    for (const layer of tree.json().results as { id: number; data_source: number | null }[])
      if (layer.data_source === sources.elsewhere.id)
        expect((await call('admin', 'DELETE', `/api/layers/${layer.id}`)).statusCode).toBe(204);
  });

  it('holds the same rule for PATCH; keeping the current source is always fine', async () => {
    const layer = (await addLayer('editor', { name: 'Switching', data_source: sources.offered.id })).json();
    const path = `/api/layers/${layer.id}`;
    for (const id of [sources.elsewhere.id, missing, sources.foreign.id]) {
      const res = await call('editor', 'PATCH', path, { data_source: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(doesNotExist(id));
    }
    const kept = await call('editor', 'PATCH', path, { data_source: sources.offered.id, name: 'Kept' });
    expect(kept.json()).toMatchObject({ name: 'Kept', data_source: sources.offered.id });
    const switched = await call('editor', 'PATCH', path, { data_source: sources.kept.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ data_source: sources.kept.id });
    expect((await call('editor', 'PATCH', path, { data_source: null })).json()).toMatchObject({
      data_source: null,
    });

    const byAdmin = await call('admin', 'PATCH', path, { data_source: sources.elsewhere.id });
    expect(byAdmin.statusCode).toBe(200);
    expect((await call('admin', 'PATCH', path, { data_source: sources.foreign.id })).json()).toEqual(
      doesNotExist(sources.foreign.id),
    );
    // Now in the workspace through the admin's change: the editor may keep it and rename the layer.
    expect(
      (await call('editor', 'PATCH', path, { data_source: sources.elsewhere.id, name: 'Pay' })).statusCode,
    ).toBe(200);
    expect((await call('admin', 'PATCH', path, { data_source: sources.offered.id })).statusCode).toBe(200);
  });

  it('lists for ?workspace= what each caller may attach: the account for the admin, the workspace for an editor', async () => {
    const admin = await listFor('admin', `workspace=${workspace.id}&ordering=name`);
    expect(admin.status).toBe(200);
    expect(admin.body.results.map((row: { name: string }) => row.name)).toEqual([
      'Cranes',
      'Payroll',
      'Quays',
    ]);
    expect(admin.body.count).toBe(3);
    const adminPage = await listFor('admin', `workspace=${workspace.id}&ordering=name&page_size=2`);
    expect(adminPage.body).toMatchObject({ count: 3, results: [{ name: 'Cranes' }, { name: 'Payroll' }] });

    const editor = await listFor('editor', `workspace=${workspace.id}&ordering=name`);
    expect(editor.status).toBe(200);
    expect(editor.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: sources.kept.id,
          name: 'Cranes',
          type: 4,
          account: expect.any(Number),
          date_modified: expect.any(String),
          workspaces: { count: 1, names: ['Harbour'], ids: [workspace.id] },
        },
        expect.objectContaining({ id: sources.offered.id, name: 'Quays' }),
      ],
    });
    // Search, ordering and paging still apply.
    const searched = await listFor('editor', `workspace=${workspace.id}&search=qua`);
    expect(searched.body.results.map((row: { id: number }) => row.id)).toEqual([sources.offered.id]);
    const paged = await listFor('editor', `workspace=${workspace.id}&ordering=-name&page_size=1&page=2`);
    expect(paged.body).toMatchObject({ count: 2, results: [{ name: 'Cranes' }] });
    expect(paged.body.previous).toEqual(expect.any(String));

    // The editor's list names only the workspaces the editor works in.
    await call('admin', 'POST', '/api/layers', {
      workspace: sibling.id,
      name: 'Quays too',
      data_source: sources.offered.id,
    });
    const usage = await listFor('editor', `workspace=${workspace.id}&search=quays`);
    expect(usage.body.results[0].workspaces).toEqual({ count: 1, names: ['Harbour'], ids: [workspace.id] });
    const owners = await listFor('admin', `workspace=${workspace.id}&search=quays`);
    expect(owners.body.results[0].workspaces).toEqual({
      count: 2,
      names: ['Harbour', 'Secret plans'],
      ids: [workspace.id, sibling.id],
    });
  });

  it('answers ?workspace= for a viewer 403, and for a stranger as for a workspace that does not exist', async () => {
    expect((await listFor('viewer', `workspace=${workspace.id}`)).status).toBe(403);
    const stranger = await listFor('stranger', `workspace=${workspace.id}`);
    const nowhere = await listFor('stranger', `workspace=${workspace.id + sibling.id + 1000}`);
    expect(stranger.status).toBe(404);
    expect(stranger).toEqual(nowhere);
    // The editor of one workspace gets nothing of another of the same account.
    expect((await listFor('editor', `workspace=${sibling.id}`)).status).toBe(404);
    // Without ?workspace= the list stays the owner's: empty for an editor.
    expect((await listFor('editor', '')).body.count).toBe(0);
    // ?account= and ?workspace= together: both must hold.
    expect((await listFor('admin', `workspace=${workspace.id}&account=${theirs.id}`)).body).toMatchObject({
      count: 0,
      results: [],
    });
  });
});
