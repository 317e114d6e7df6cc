import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';
import { expectPageQueryChecked } from '../../test/paging.js';

describe('users and profiles', () => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
  });
  afterAll(() => stopApiTest(t, mail));

  it('shows the signed-in user only, with the profile flag and active methods', async () => {
    const user = await buildActiveUser(t, mail);
    await buildActiveUser(t, mail);
    const res = await t.app.inject({ url: '/api/users', headers: auth(await loginToken(t, user)) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      last_login: expect.stringMatching(/Z$/),
      profile: { mfa_required: false },
      mfa: [],
    });
  });

  it('answers the user and the profile as one-row pages, like every list', async () => {
    const token = await loginToken(t, await buildActiveUser(t, mail));
    for (const url of ['/api/users', '/api/extendUsers']) {
      const one = await t.app.inject({ url: `${url}?page_size=1`, headers: auth(token) });
      expect(one.json()).toMatchObject({ count: 1, next: null, previous: null });
      const past = await t.app.inject({ url: `${url}?page=2`, headers: auth(token) });
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.' });
      await expectPageQueryChecked(t, { url, token });
    }
  });

  it('reads and updates the own profile details', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const profile = (await t.app.inject({ url: '/api/extendUsers', headers: auth(token) })).json().results[0];
    expect(profile).toEqual({
      id: expect.any(Number),
      company: '',
      street: '',
      number: '',
      city: '',
      country: '',
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/extendUsers/${profile.id}`,
      headers: auth(token),
      payload: {
        company: 'Geodata B.V.',
        street: 'Coolsingel',
        number: '40',
        city: 'Rotterdam',
        country: 'Nederland',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: 'Geodata B.V.', city: 'Rotterdam' });
    const nothing = await t.app.inject({
      method: 'PATCH',
      url: `/api/extendUsers/${profile.id}/`,
      headers: auth(token),
      payload: {},
    });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ company: 'Geodata B.V.' });
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: `/api/extendUsers/${profile.id}`,
      headers: auth(token),
      payload: { city: 'x'.repeat(300) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ city: ['Ensure this field has no more than 255 characters.'] });
  });

  it("answers 404 for another user's profile and user, changing nothing", async () => {
    const alice = await buildActiveUser(t, mail);
    const bob = await buildActiveUser(t, mail);
    const aliceToken = await loginToken(t, alice);
    const bobToken = await loginToken(t, bob);
    const bobProfile = (await t.app.inject({ url: '/api/extendUsers', headers: auth(bobToken) })).json()
      .results[0];
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/extendUsers/${bobProfile.id}`,
      headers: auth(aliceToken),
      payload: { company: 'Hacked' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Not found.' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${bob.id}/`,
      headers: auth(aliceToken),
    });
    expect(del.statusCode).toBe(404);
    const stillThere = (await t.app.inject({ url: '/api/extendUsers', headers: auth(bobToken) })).json()
      .results[0];
    expect(stillThere.company).toBe('');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/abc/', headers: auth(aliceToken) }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes the own user with everything only they own, and the token dies with it', async () => {
    const user = await buildActiveUser(t, mail);
    const token = await loginToken(t, user);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}/`, headers: auth(token) });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/users', headers: auth(token) })).statusCode).toBe(401);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from profiles where user_id = ${user.id}`,
    );
    expect(JSON.stringify(rows)).toMatch(/"n":0/);
  });
});
