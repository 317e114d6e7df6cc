import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  loginToken,
  type TestUser,
  userInput,
} from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

describe('user groups', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let first: { id: number };
  let second: { id: number };

  const post = (url: string, payload: Record<string, unknown>, token = aliceToken) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const get = (url: string, token = aliceToken) => t.app.inject({ url, headers: auth(token) });

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    first = await buildAccount(t, aliceToken, alice.id, 'First');
    second = await buildAccount(t, aliceToken, alice.id, 'Second');
  });
  afterAll(() => stopApiTest(t, mail));

  it("creates a group in the caller's first account unless one is named, and requires a name", async () => {
    const res = await post('/api/userGroup', { name: 'Planners' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Planners',
      account: first.id,
      date_modified: expect.any(String),
      members: 0,
    });
    const named = await post('/api/userGroup/', { name: 'Surveyors', account: second.id });
    expect(named.json().account).toBe(second.id);
    expect((await post('/api/userGroup', { name: '  ' })).json()).toEqual({
      name: ['This field is required'],
    });
    expect((await post('/api/userGroup', {})).json()).toEqual({ name: ['This field is required'] });
    const foreign = await post('/api/userGroup', { name: 'x', account: first.id }, bobToken);
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['account']);
    const withoutAccounts = await post('/api/userGroup', { name: 'x' }, bobToken);
    expect(withoutAccounts.statusCode).toBe(400);
    expect(Object.keys(withoutAccounts.json())).toEqual(['account']);
  });

  it("lists the caller's groups (one account with ?account=), never another admin's", async () => {
    const all = (await get('/api/userGroup')).json();
    expect(all.results.map((g: { name: string }) => g.name)).toEqual(['Planners', 'Surveyors']);
    expect(all).toMatchObject({ count: 2, next: null, previous: null });
    const one = (await get(`/api/userGroup?account=${second.id}`)).json();
    expect(one.results.map((g: { name: string }) => g.name)).toEqual(['Surveyors']);
    expect((await get('/api/userGroup', bobToken)).json().results).toEqual([]);
    const paged = (await get('/api/userGroup?page_size=1')).json();
    expect(paged.results).toHaveLength(1);
    expect(new URL(paged.next).searchParams.get('page')).toBe('2');
    expect((await t.app.inject({ url: '/api/userGroup' })).statusCode).toBe(401);
  });

  it('adds members by e-mail; a pending address becomes the member once its owner registers and logs in', async () => {
    const group = (await post('/api/userGroup', { name: 'Field team' })).json();
    const newcomer = userInput();
    const pending = await post(`/api/userGroup/${group.id}/members`, { email: newcomer.email });
    expect(pending.statusCode).toBe(201);
    expect(pending.json()).toEqual({
      id: expect.any(Number),
      user: null,
      email: newcomer.email,
      username: null,
    });
    // An address that has an account is answered exactly like one that has none.
    const existing = await post(`/api/userGroup/${group.id}/members`, { email: bob.email });
    expect(existing.json()).toEqual({ id: expect.any(Number), user: null, email: bob.email, username: null });
    const twice = await post(`/api/userGroup/${group.id}/members`, { email: bob.email.toUpperCase() });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['email']);
    expect((await post(`/api/userGroup/${group.id}/members`, { email: 'not-an-address' })).json()).toEqual({
      email: ['E-mail must be valid'],
    });

    const registered = await buildActiveUser(t, mail, newcomer);
    await loginToken(t, registered);
    const members = (await get(`/api/userGroup/${group.id}/members`)).json();
    expect(members.results).toEqual([
      { id: pending.json().id, user: registered.id, email: newcomer.email, username: newcomer.username },
      { id: existing.json().id, user: null, email: bob.email, username: null },
    ]);
    const listed = (await get('/api/userGroup'))
      .json()
      .results.find((g: { id: number }) => g.id === group.id);
    expect(listed.members).toBe(2);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/userGroup/${group.id}/members/${existing.json().id}`,
      headers: auth(aliceToken),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/api/userGroup/${group.id}/members`)).json().count).toBe(1);
  });

  it("keeps another admin's group out of reach and deletes one's own", async () => {
    const group = (await post('/api/userGroup', { name: 'Temporary' })).json();
    const member = (
      await post(`/api/userGroup/${group.id}/members`, { email: 'someone@example.org' })
    ).json();
    for (const request of [
      { method: 'GET' as const, url: `/api/userGroup/${group.id}/members` },
      { method: 'POST' as const, url: `/api/userGroup/${group.id}/members`, payload: { email: bob.email } },
      { method: 'DELETE' as const, url: `/api/userGroup/${group.id}/members/${member.id}` },
      { method: 'DELETE' as const, url: `/api/userGroup/${group.id}` },
    ]) {
      const res = await t.app.inject({ ...request, headers: auth(bobToken) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/userGroup/${group.id}`,
      headers: auth(aliceToken),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/userGroup/${group.id}/members`)).statusCode).toBe(404);
  });
});
