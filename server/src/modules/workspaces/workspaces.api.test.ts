import { defaultWorkspacePlugins } from '@geows/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layers, workspaceEditors } from '../../db/schema.js';
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
import { setDemoWorkspace } from '../demo/demo.repository.js';

describe('workspaces, invitations and demo', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let accountId: number;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    accountId = (await buildAccount(t, aliceToken, alice.id)).id;
  });
  afterAll(() => stopApiTest(t, mail));

  const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });

  it('creates a workspace on the default plan with default camera and plugins', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces/',
      headers: auth(aliceToken),
      payload: {
        admin: alice.id,
        account: accountId,
        name: 'Port of Rotterdam',
        description: 'Quay walls in 3D',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Port of Rotterdam',
      description: 'Quay walls in 3D',
      admin: alice.id,
      account: accountId,
      plan: { id: expect.any(Number), name: 'Trial' },
      editors: [],
      rights: 'admin',
    });
    expect(JSON.parse(body.camera)).toMatchObject({
      longitude: expect.any(Number),
      latitude: expect.any(Number),
    });
    expect(JSON.parse(body.workspacePlugins)).toEqual(defaultWorkspacePlugins);
    // The create answers exactly what a read of the new workspace answers.
    expect(res.body).toBe((await get(`/api/workspaces/${body.id}`, aliceToken)).body);
    const list = await get(`/api/workspaces?account=${accountId}`, aliceToken);
    expect(list.json().results.map((w: { id: number }) => w.id)).toContain(body.id);
  });

  it('answers a new workspace with its name and description as stored, whatever they hold', async () => {
    // The create's answer echoes what was sent next to what the database made (migration 0010).
    for (const [name, description] of [
      ['  Haven – Ω 港 "quoted" \\ ', 'Two\nlines\tand 🚢'],
      ['x'.repeat(100), ' d '],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: auth(aliceToken),
        payload: { admin: alice.id, account: accountId, name, description },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).toBe((await get(`/api/workspaces/${res.json().id}`, aliceToken)).body);
    }
  });

  it("answers 'Name is required' for a missing name or description, and refuses another user's account", async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth(aliceToken),
      payload: { admin: alice.id, account: accountId },
    });
    expect(empty.json()).toEqual({ name: ['Name is required'], description: ['Name is required'] });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth(bobToken),
      payload: { admin: bob.id, account: accountId, name: 'Intruder', description: 'x' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ account: [`Invalid pk "${accountId}" - object does not exist.`] });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth(aliceToken),
      payload: { admin: alice.id, account: 999_999, name: 'Nowhere', description: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ account: ['Invalid pk "999999" - object does not exist.'] });
    const names = (await get(`/api/workspaces?account=${accountId}`, aliceToken))
      .json()
      .results.map((w: { name: string }) => w.name);
    expect(names).not.toContain('Intruder');
  });

  it("hides another account's workspaces: empty list, 404 on read, delete and clone", async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Private');
    expect((await get(`/api/workspaces?account=${accountId}`, bobToken)).json().results).toEqual([]);
    expect((await get(`/api/workspaces/${workspace.id}`, bobToken)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${workspace.id}`,
      headers: auth(bobToken),
    });
    expect(del.statusCode).toBe(404);
    const clone = await t.app.inject({
      method: 'PUT',
      url: '/api/cloneWorkspace',
      headers: auth(bobToken),
      payload: { workspace: workspace.id },
    });
    expect(clone.statusCode).toBe(404);
    expect((await get(`/api/workspaces/${workspace.id}`, aliceToken)).statusCode).toBe(200);
  });

  it('starts every new workspace with the offline base layer, and nothing else', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Fresh');
    const res = await get(`/api/layers?workspace=${workspace.id}`, aliceToken);
    expect(res.json().results).toEqual([
      {
        id: expect.any(Number),
        name: 'Natural Earth II baseLayer',
        visible: true,
        data_source: null,
        template: '{"builtin":"natural-earth-ii"}',
        user_groups: [],
        layers: [],
      },
    ]);
  });

  it('clones a workspace deeply, layers and nesting included', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Original');
    const [group] = await t.database.db
      .insert(layers)
      .values({ workspaceId: workspace.id, name: 'Buildings', position: 0 })
      .returning();
    await t.database.db.insert(layers).values({
      workspaceId: workspace.id,
      parentId: group?.id,
      name: 'LoD2',
      position: 0,
      template: { opacity: 0.8 },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cloneWorkspace/',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.name).toBe('Original (copy)');
    expect(copy.id).not.toBe(workspace.id);
    const copied = await t.database.db.query.layers.findMany({
      where: (l, { eq }) => eq(l.workspaceId, copy.id),
    });
    // The offline base layer every new workspace starts with, and the two added here.
    expect(copied).toHaveLength(3);
    const copiedGroup = copied.find((l) => l.name === 'Buildings');
    const copiedChild = copied.find((l) => l.name === 'LoD2');
    expect(copiedChild?.parentId).toBe(copiedGroup?.id);
    expect(copiedChild?.template).toEqual({ opacity: 0.8 });
  });

  it('copies a deep tree whatever the order the rows were written in, and loses no layer', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Deep');
    const other = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Elsewhere');
    const insert = async (values: {
      name: string;
      parentId?: number;
      workspaceId?: number;
      position?: number;
    }) => {
      const [row] = await t.database.db
        .insert(layers)
        .values({ workspaceId: workspace.id, position: 0, ...values })
        .returning();
      if (!row) throw new Error('insert failed');
      return row;
    };
    // The deepest layer is written first and moved under its parent later: its id is the lowest.
    const level3 = await insert({ name: 'Level 3' });
    const root = await insert({ name: 'Root' });
    const level1 = await insert({ name: 'Level 1', parentId: root.id });
    const level2 = await insert({ name: 'Level 2', parentId: level1.id, position: 1 });
    await t.database.db.update(layers).set({ parentId: level2.id }).where(eq(layers.id, level3.id));
    await insert({ name: 'Sibling', parentId: level1.id, position: 0 });
    const stray = await insert({ name: 'Stray parent', workspaceId: other.id });
    await insert({ name: 'Orphan', parentId: stray.id });

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cloneWorkspace',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id },
    });
    expect(res.statusCode).toBe(201);
    const copied = await t.database.db.query.layers.findMany({
      where: (l, { eq }) => eq(l.workspaceId, res.json().id),
    });
    const byName = new Map(copied.map((l) => [l.name, l]));
    expect([...byName.keys()].sort()).toEqual([
      'Level 1',
      'Level 2',
      'Level 3',
      'Natural Earth II baseLayer',
      'Orphan',
      'Root',
      'Sibling',
    ]);
    expect(byName.get('Root')?.parentId).toBeNull();
    expect(byName.get('Level 1')?.parentId).toBe(byName.get('Root')?.id);
    expect(byName.get('Level 2')?.parentId).toBe(byName.get('Level 1')?.id);
    expect(byName.get('Level 3')?.parentId).toBe(byName.get('Level 2')?.id);
    expect(byName.get('Sibling')?.parentId).toBe(byName.get('Level 1')?.id);
    expect(byName.get('Level 2')?.position).toBe(1);
    // A parent in another workspace is not copied along: the layer is kept, at the top.
    expect(byName.get('Orphan')?.parentId).toBeNull();
  });

  it('gives editors edit rights: they see the workspace but cannot delete it', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Shared Edit');
    await t.database.db.insert(workspaceEditors).values({ workspaceId: workspace.id, userId: bob.id });
    const res = await get(`/api/workspaces/${workspace.id}`, bobToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rights: 'edit', editors: [bob.id] });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${workspace.id}`,
      headers: auth(bobToken),
    });
    expect(del.statusCode).toBe(403);
  });

  it("answers a share link's reader the workspace without its editors' user ids", async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Shared Read');
    await t.database.db.insert(workspaceEditors).values({ workspaceId: workspace.id, userId: bob.id });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.id}/share`,
      headers: auth(aliceToken),
      payload: { label: 'Press' },
    });
    expect(link.statusCode).toBe(201);
    const shared = await t.app.inject({ url: `/api/workspaces/${workspace.id}?token=${link.json().token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      id: workspace.id,
      name: 'Shared Read',
      rights: 'view',
      editors: [],
    });
    // Those who sign in still see who edits.
    for (const token of [aliceToken, bobToken])
      expect((await get(`/api/workspaces/${workspace.id}`, token)).json().editors).toEqual([bob.id]);
  });

  it('invites by e-mail: the invitee gets a mail, sees it in /api/invite, may view but never write', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Invited View');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email: bob.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      workspace: { id: workspace.id, name: 'Invited View' },
      email: bob.email.toUpperCase(),
      created: expect.stringMatching(/Z$/),
    });
    const message = await mail.nextMail(bob.email.toUpperCase());
    expect(message.subject).toContain(`${alice.username} shared a workspace with you`);
    expect(message.text).toContain('/shared');

    const mine = await get('/api/invite', bobToken);
    expect(mine.json().results.map((i: { workspace: { id: number } }) => i.workspace.id)).toContain(
      workspace.id,
    );
    const view = await get(`/api/workspaces/${workspace.id}`, bobToken);
    expect(view.json().rights).toBe('view');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${workspace.id}`,
      headers: auth(bobToken),
    });
    expect(del.statusCode).toBe(403);
    const clone = await t.app.inject({
      method: 'PUT',
      url: '/api/cloneWorkspace',
      headers: auth(bobToken),
      payload: { workspace: workspace.id },
    });
    expect(clone.statusCode).toBe(403);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(bobToken),
      payload: { workspace: workspace.id, email: 'friend@example.org' },
    });
    expect(invite.statusCode).toBe(403);

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email: bob.email },
    });
    expect(duplicate.json()).toEqual({ email: ['This address is already invited to this workspace.'] });

    const forWorkspace = await get(`/api/invite?workspace=${workspace.id}`, aliceToken);
    expect(forWorkspace.json().count).toBe(1);
    expect((await get(`/api/invite?workspace=${workspace.id}`, bobToken)).statusCode).toBe(403);
  });

  it('keeps an invitation for an address without an account until that person registers', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Waiting');
    const email = `later${Date.now()}@example.org`;
    await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email },
    });
    expect((await mail.nextMail(email)).text).toContain('/register');
    const newcomer = await buildActiveUser(t, mail, { email });
    const invitations = await get('/api/invite', await loginToken(t, newcomer));
    expect(invitations.json().results).toEqual([
      expect.objectContaining({ workspace: { id: workspace.id, name: 'Waiting' } }),
    ]);
  });

  it("answers 403 to a viewer withdrawing someone else's invitation", async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Viewer Tries');
    await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email: bob.email },
    });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email: 'third@example.org' },
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/invite/${other.json().id}`,
      headers: auth(bobToken),
    });
    expect(res.statusCode).toBe(403);
  });

  it("lets the invitee decline, and nobody else touch another's invitation", async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Declined');
    const carol = await buildActiveUser(t, mail);
    const carolToken = await loginToken(t, carol);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace: workspace.id, email: bob.email },
    });
    const id = created.json().id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/invite/${id}`, headers: auth(carolToken) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/invite/${id}/`, headers: auth(bobToken) }))
        .statusCode,
    ).toBe(204);
    expect((await get(`/api/workspaces/${workspace.id}`, bobToken)).statusCode).toBe(404);
  });

  it('answers the demo workspace as a bare number, 0 without one, and lets the demo user view it', async () => {
    const first = await get('/api/demo', bobToken);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('0');
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Demo');
    await setDemoWorkspace(t.database.db, bob.id, workspace.id);
    const second = await get('/api/demo/', bobToken);
    expect(second.body).toBe(String(workspace.id));
    expect((await get(`/api/workspaces/${workspace.id}`, bobToken)).json().rights).toBe('view');
  });

  it('deletes a workspace by its admin', async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Gone');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${workspace.id}/`,
      headers: auth(aliceToken),
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/workspaces/${workspace.id}`, aliceToken)).statusCode).toBe(404);
  });
});
