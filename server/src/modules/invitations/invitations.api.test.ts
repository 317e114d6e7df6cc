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
import { expectDrfPaging } from '../../test/paging.js';

/** Both invitation lists (one workspace's, and the caller's own) page like DRF, newest first. */
describe('invitation lists, paged', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let aliceToken: string;
  let bob: TestUser;
  let accountId: number;

  const invite = async (workspace: number, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: auth(aliceToken),
      payload: { workspace, email },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bob = await buildActiveUser(t, mail);
    accountId = (await buildAccount(t, aliceToken, alice.id)).id;
  });
  afterAll(() => stopApiTest(t, mail));

  it("pages one workspace's invitations, newest first", async () => {
    const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, 'Many guests');
    const made: number[] = [];
    for (let i = 1; i <= 5; i++) made.push(await invite(workspace.id, `guest${i}@example.org`));
    const rows = await expectDrfPaging(t, {
      url: `/api/invite?workspace=${workspace.id}`,
      token: aliceToken,
      total: 5,
      pageSize: 2,
    });
    expect(rows.map((row) => (row as { id: number }).id)).toEqual(made.reverse());
    // Without rights to the workspace the page is not even looked at.
    const stranger = await t.app.inject({
      url: `/api/invite?workspace=${workspace.id}&page=9`,
      headers: auth(await loginToken(t, bob)),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Not found.' });
  });

  it("pages the caller's own invitations across workspaces", async () => {
    const made: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const workspace = await buildWorkspace(t, aliceToken, alice.id, accountId, `For Bob ${i}`);
      made.push(await invite(workspace.id, bob.email));
    }
    const rows = await expectDrfPaging(t, {
      url: '/api/invite',
      token: await loginToken(t, bob),
      total: 3,
      pageSize: 2,
    });
    expect(rows.map((row) => (row as { workspace: { name: string } }).workspace.name)).toEqual([
      'For Bob 3',
      'For Bob 2',
      'For Bob 1',
    ]);
    expect(rows.map((row) => (row as { id: number }).id)).toEqual(made.reverse());
  });
});
