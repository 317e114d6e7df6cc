import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken, type TestUser } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';
import { multipart } from '../../test/multipart.js';

const parks = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Vondelpark' },
      geometry: { type: 'Point', coordinates: [4.868, 52.358] },
    },
    {
      type: 'Feature',
      properties: { name: 'Westerpark' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [4.87, 52.38],
            [4.88, 52.38],
            [4.88, 52.39],
            [4.87, 52.38],
          ],
        ],
      },
    },
  ],
});

describe('uploads', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let token: string;
  let bobToken: string;
  let account: { id: number };

  const upload = (parts: Parameters<typeof multipart>[0], as = token) => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/datasources/upload',
      headers: { ...auth(as), 'content-type': contentType },
      payload,
    });
  };
  const file = (value: string, filename: string, type = 'application/octet-stream') => ({
    name: 'file',
    value,
    filename,
    type,
  });

  beforeAll(async () => {
    // A small limit, so that "too large" needs no large test file.
    ({ t, mail } = await startApiTest({ UPLOAD_MAX_MB: '0.01' }));
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    account = await buildAccount(t, token, alice.id, 'Uploads');
  });
  afterAll(() => stopApiTest(t, mail));

  it('turns a GeoJSON file into a geojson source whose features come back as a FeatureCollection', async () => {
    const res = await upload([
      { name: 'name', value: 'Parks' },
      { name: 'account', value: String(account.id) },
      file(parks, 'parks.geojson', 'application/geo+json'),
    ]);
    expect(res.statusCode).toBe(201);
    const source = res.json();
    expect(source).toMatchObject({
      name: 'Parks',
      type: 5,
      account: account.id,
      config: { uploaded: 'parks.geojson' },
    });
    const features = await t.app.inject({
      url: `/api/datasources/${source.id}/features`,
      headers: auth(token),
    });
    expect(features.statusCode).toBe(200);
    expect(features.headers['content-type']).toContain('application/geo+json');
    const collection = features.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      'Vondelpark',
      'Westerpark',
    ]);
    expect(collection.bbox[0]).toBeCloseTo(4.868);
    expect(collection.bbox[3]).toBeCloseTo(52.39);
    const hidden = await t.app.inject({
      url: `/api/datasources/${source.id}/features`,
      headers: auth(bobToken),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('reads a CSV with Dutch headers, semicolons and decimal commas; the file may come before the fields', async () => {
    const csv = 'naam;breedtegraad;lengtegraad\nDam;52,373;4,893\nMuseumplein;52,357;4,881\n';
    const res = await upload([
      file(csv, 'punten.csv', 'text/csv'),
      { name: 'name', value: 'Points' },
      { name: 'account', value: String(account.id) },
    ]);
    expect(res.statusCode).toBe(201);
    const features = (
      await t.app.inject({ url: `/api/datasources/${res.json().id}/features`, headers: auth(token) })
    ).json().features;
    expect(features).toHaveLength(2);
    expect(features[0].geometry).toEqual({ type: 'Point', coordinates: [4.893, 52.373] });
    expect(features[0].properties.naam).toBe('Dam');
  });

  it('names the line or feature that is wrong, and keeps nothing of a failed upload', async () => {
    const before = (
      await t.app.inject({ url: `/api/datasources?account=${account.id}`, headers: auth(token) })
    ).json().count;
    const badCsv = await upload([
      { name: 'name', value: 'Bad' },
      { name: 'account', value: String(account.id) },
      file('lat,lon,name\n52.1,5.1,ok\n123.4,5.2,wrong\n', 'bad.csv'),
    ]);
    expect(badCsv.statusCode).toBe(400);
    expect(Object.keys(badCsv.json())).toEqual(['file']);
    expect(badCsv.json().file[0]).toMatch(/Line 3/);
    const badFeature = await upload([
      { name: 'name', value: 'Bad' },
      { name: 'account', value: String(account.id) },
      file(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [5, 52] } },
            { type: 'Feature', properties: {}, geometry: { type: 'Circle', coordinates: [5, 52] } },
          ],
        }),
        'bad.geojson',
      ),
    ]);
    expect(badFeature.statusCode).toBe(400);
    expect(badFeature.json().file[0]).toMatch(/Feature 2/);
    const after = (
      await t.app.inject({ url: `/api/datasources?account=${account.id}`, headers: auth(token) })
    ).json().count;
    expect(after).toBe(before);
  });

  it('answers 413 above the size limit, and 400 for missing fields, a foreign account or no multipart', async () => {
    const big = await upload([
      { name: 'name', value: 'Big' },
      { name: 'account', value: String(account.id) },
      file('x'.repeat(20_000), 'big.geojson'),
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/larger than/);
    const missing = await upload([file(parks, 'parks.geojson')]);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['account', 'name']);
    const noFile = await upload([
      { name: 'name', value: 'Nothing' },
      { name: 'account', value: String(account.id) },
    ]);
    expect(noFile.json()).toEqual({ file: ['No file was submitted.'] });
    const foreign = await upload(
      [
        { name: 'name', value: 'Theirs' },
        { name: 'account', value: String(account.id) },
        file(parks, 'p.geojson'),
      ],
      bobToken,
    );
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['account']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/datasources/upload',
      headers: auth(token),
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json())).toEqual(['file']);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/datasources/upload' });
    expect(anonymous.statusCode).toBe(401);
  });
});
