import { sql } from 'drizzle-orm';
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

describe('accounts', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
  });
  afterAll(() => stopApiTest(t, mail));

  it('creates an account with a unique slug derived from its name, the caller as admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/',
      headers: auth(aliceToken),
      payload: { admin: alice.id, name: "Gemeente 's-Hertogenbosch", description: 'Municipality' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: "Gemeente 's-Hertogenbosch",
      description: 'Municipality',
      slug: 'gemeente-s-hertogenbosch',
      admin: alice.id,
    });
    const twin = await buildAccount(t, bobToken, bob.id, "Gemeente 's-Hertogenbosch");
    expect(twin.slug).toBe('gemeente-s-hertogenbosch-2');
  });

  it("answers 'Name is required' for a missing or blank name or description, and refuses another admin", async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: auth(aliceToken),
      payload: { admin: alice.id },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: ['Name is required'], description: ['Name is required'] });
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: auth(aliceToken),
      payload: { admin: alice.id, name: '   ', description: 'x' },
    });
    expect(blank.json()).toEqual({ name: ['Name is required'] });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: auth(aliceToken),
      payload: { admin: bob.id, name: 'Sneaky', description: 'x' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ admin: ['You can only create accounts for yourself.'] });
  });

  it('lists only the accounts the caller administers', async () => {
    const mine = await buildAccount(t, aliceToken, alice.id, 'Alice Only');
    const res = await t.app.inject({ url: '/api/accounts', headers: auth(bobToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((a: { id: number }) => a.id)).not.toContain(mine.id);
    const own = await t.app.inject({ url: '/api/accounts', headers: auth(aliceToken) });
    expect(own.json().results.map((a: { id: number }) => a.id)).toContain(mine.id);
    expect(own.json().count).toBe(own.json().results.length);
  });

  it('pages like DRF: 100 by default, ?page= and ?page_size= (at most 1,000), absolute links', async () => {
    const dora = await buildActiveUser(t, mail);
    const token = await loginToken(t, dora);
    const ids: number[] = [];
    for (let i = 1; i <= 102; i++) ids.push((await buildAccount(t, token, dora.id, `Dora ${i}`)).id);
    const first = (await t.app.inject({ url: '/api/accounts', headers: auth(token) })).json();
    expect(first.count).toBe(102);
    expect(first.results).toHaveLength(100);
    expect(first.next).toBe('http://localhost/api/accounts?page=2');
    const rows = await expectDrfPaging(t, { url: '/api/accounts', token, total: 102, pageSize: 40 });
    // Oldest first, as before paging.
    expect(rows.map((a) => (a as { id: number }).id)).toEqual(ids);
  });

  it("answers 404 for another user's account and deletes nothing", async () => {
    const mine = await buildAccount(t, aliceToken, alice.id, 'Keep Me');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${mine.id}`,
      headers: auth(bobToken),
    });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({ url: '/api/accounts', headers: auth(aliceToken) });
    expect(own.json().results.map((a: { id: number }) => a.id)).toContain(mine.id);
  });

  it('deletes an account with its workspaces', async () => {
    const account = await buildAccount(t, aliceToken, alice.id, 'Short Lived');
    const workspace = await buildWorkspace(t, aliceToken, alice.id, account.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}/`,
      headers: auth(aliceToken),
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/workspaces/${workspace.id}`, headers: auth(aliceToken) })).statusCode,
    ).toBe(404);
  });

  it('goes with its admin when the admin deletes their user', async () => {
    const carol = await buildActiveUser(t, mail);
    const token = await loginToken(t, carol);
    const account = await buildAccount(t, token, carol.id, 'Carol Co');
    await t.app.inject({ method: 'DELETE', url: `/api/users/${carol.id}`, headers: auth(token) });
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from accounts where id = ${account.id}`,
    );
    expect(JSON.stringify(rows)).toMatch(/"n":0/);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/accounts' })).statusCode).toBe(401);
  });
});
