import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken, type TestUser } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

type TreeLayer = { name: string; data_source: number | null; template: string; layers: TreeLayer[] };

describe('the sample workspace', () => {
  let t: TestApp;
  let mail: MailServer;
  let ada: TestUser;
  let adaToken: string;
  let bobToken: string;
  let account: { id: number };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    ada = await buildActiveUser(t, mail);
    const bob = await buildActiveUser(t, mail);
    adaToken = await loginToken(t, ada);
    bobToken = await loginToken(t, bob);
    account = await buildAccount(t, adaToken, ada.id, 'Samples');
  });
  afterAll(() => stopApiTest(t, mail));

  const createSample = (token: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/workspaces/sample',
      ...(token ? { headers: auth(token) } : {}),
      payload,
    });

  it('builds a workspace from shipped data: base imagery, countries and their names, looking at Europe', async () => {
    const res = await createSample(adaToken, { account: account.id });
    expect(res.statusCode).toBe(201);
    const workspace = res.json();
    expect(workspace).toMatchObject({ name: 'Sample: World', account: account.id, rights: 'admin' });
    expect(JSON.parse(workspace.camera)).toMatchObject({ longitude: 12, latitude: 50, pitch: -90 });

    const tree = (
      await t.app.inject({ url: `/api/layers?workspace=${workspace.id}`, headers: auth(adaToken) })
    ).json().results as TreeLayer[];
    const shape = (layers: TreeLayer[]): unknown[] =>
      layers.map((l) => (l.layers.length ? [l.name, shape(l.layers)] : l.name));
    expect(shape(tree)).toEqual([['World', ['Country names', 'Countries']], 'Natural Earth II baseLayer']);

    const countries = tree[0]?.layers[1];
    const features = await t.app.inject({
      url: `/api/datasources/${countries?.data_source}/features`,
      headers: auth(adaToken),
    });
    const collection = features.json();
    expect(collection.features.length).toBeGreaterThan(150);
    const names = collection.features.map((f: { properties: { name: string } }) => f.properties.name);
    expect(names).toContain('Netherlands');
    expect(names).not.toContain('Antarctica');
    const labels = await t.app.inject({
      url: `/api/datasources/${tree[0]?.layers[0]?.data_source}/features`,
      headers: auth(adaToken),
    });
    expect(labels.json().features[0].geometry.type).toBe('Point');
  });

  it('is made only in an account the caller administers, and only with a login', async () => {
    const res = await createSample(bobToken, { account: account.id });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['account']);
    expect((await createSample(null, { account: account.id })).statusCode).toBe(401);
    expect((await createSample(adaToken, { account: 'x' })).statusCode).toBe(400);
  });
});
