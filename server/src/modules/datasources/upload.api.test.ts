import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
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
  let dataDir: string;

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

  /**
   * An upload whose form (fields first, as browsers send them) stops in the middle of the file
   * until `release`: the call stays in flight meanwhile.
   */
  const stalledUpload = (accountId: number, as = token) => {
    const { payload, contentType } = multipart([
      { name: 'name', value: 'Stalled' },
      { name: 'account', value: String(accountId) },
      file(JSON.stringify({ type: 'FeatureCollection', features: [] }), 'stalled.geojson'),
    ]);
    const cut = payload.indexOf('"features"');
    let release = () => {};
    const stream = new Readable({ read() {} });
    stream.push(payload.slice(0, cut));
    const released = new Promise<void>((resolve) => {
      release = resolve;
    }).then(() => {
      stream.push(payload.slice(cut));
      stream.push(null);
    });
    const response = t.app.inject({
      method: 'POST',
      url: '/api/datasources/upload',
      headers: { ...auth(as), 'content-type': contentType },
      payload: stream,
    });
    return {
      response,
      release: () => {
        release();
        return released;
      },
    };
  };
  /** Files being received: a call that writes one holds its places (and its account's). */
  const receiving = () =>
    fs
      .readdirSync(path.join(dataDir, 'uploads'), { withFileTypes: true })
      .filter((f) => f.name.endsWith('.part')).length;
  const untilReceiving = async (count: number) => {
    for (const started = Date.now(); !fs.existsSync(path.join(dataDir, 'uploads')) || receiving() < count; ) {
      if (Date.now() - started > 10_000) throw new Error(`Fewer than ${count} uploads ever arrived`);
      await sleep(20);
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-uploads-'));
    // A small limit, so that "too large" needs no large test file. One user may have 3 uploads in
    // flight, one account 2: below the user's limit, so that a user can reach the account's.
    ({ t, mail } = await startApiTest({
      UPLOAD_MAX_MB: '1',
      DATA_DIR: dataDir,
      EXPENSIVE_CALLS_PER_USER: '3',
      EXPENSIVE_CALLS_PER_ACCOUNT: '2',
    }));
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    account = await buildAccount(t, token, alice.id, 'Uploads');
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

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

  it('answers what the file held: feature count, geometry types, extent and the first rows of attributes', async () => {
    const res = await upload([
      { name: 'name', value: 'Parks summed up' },
      { name: 'account', value: String(account.id) },
      file(parks, 'parks.geojson', 'application/geo+json'),
    ]);
    expect(res.statusCode).toBe(201);
    const { summary } = res.json();
    expect(summary).toEqual({
      feature_count: 2,
      geometry_types: [
        { type: 'Point', count: 1 },
        { type: 'Polygon', count: 1 },
      ],
      extent: [4.868, 52.358, 4.88, 52.39],
      attributes: ['name'],
      rows: [{ name: 'Vondelpark' }, { name: 'Westerpark' }],
    });
    // The summary is the upload's answer only: the source read later is the agreed shape.
    const read = await t.app.inject({ url: `/api/datasources/${res.json().id}`, headers: auth(token) });
    expect(read.json()).not.toHaveProperty('summary');
  });

  it('sums up a file read on its own thread: the first five rows, every feature counted', async () => {
    // Above 256 KiB, so the parse runs on a worker thread (upload/parse-thread.ts).
    const features = Array.from({ length: 3000 }, (_, index) => ({
      type: 'Feature',
      properties: { id: index + 1, kind: index % 3 === 0 ? 'tree' : 'lamp', extra: { nested: [index] } },
      geometry:
        index === 2999
          ? null
          : { type: index % 2 ? 'Point' : 'MultiPoint', coordinates: index % 2 ? [5, 52] : [[4, 51]] },
    }));
    const text = JSON.stringify({ type: 'FeatureCollection', features });
    expect(text.length).toBeGreaterThan(256 * 1024);
    const res = await upload([
      { name: 'name', value: 'Street furniture' },
      { name: 'account', value: String(account.id) },
      file(text, 'furniture.geojson'),
    ]);
    expect(res.statusCode).toBe(201);
    const { summary } = res.json();
    expect(summary.feature_count).toBe(3000);
    expect(summary.geometry_types).toEqual([
      { type: 'MultiPoint', count: 1500 },
      { type: 'Point', count: 1499 },
      { type: null, count: 1 },
    ]);
    expect(summary.extent).toEqual([4, 51, 5, 52]);
    expect(summary.attributes).toEqual(['id', 'kind', 'extra']);
    expect(summary.rows).toHaveLength(5);
    expect(summary.rows[0]).toEqual({ id: 1, kind: 'tree', extra: '{"nested":[0]}' });
  });

  it('sums up a CSV: its columns besides the coordinates are the attributes', async () => {
    const res = await upload([
      { name: 'name', value: 'Points summed up' },
      { name: 'account', value: String(account.id) },
      file('naam;lat;lon\nDam;52,373;4,893\nMuseumplein;52,357;4,881\n', 'punten.csv', 'text/csv'),
    ]);
    expect(res.statusCode).toBe(201);
    const { summary } = res.json();
    expect(summary).toMatchObject({
      feature_count: 2,
      geometry_types: [{ type: 'Point', count: 2 }],
      extent: [4.881, 52.357, 4.893, 52.373],
    });
    expect(summary.attributes).toContain('naam');
    expect(summary.rows[0]).toMatchObject({ naam: 'Dam' });
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
      file('x'.repeat(1_100_000), 'big.geojson'),
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

  it('refuses an account’s third upload in flight and a user’s fourth with 429 and Retry-After; others get through', async () => {
    const second = await buildAccount(t, token, alice.id, 'Second');
    const intoFirst = [stalledUpload(account.id), stalledUpload(account.id)];
    await untilReceiving(2);
    const accountFull = await upload([
      { name: 'name', value: 'Third' },
      { name: 'account', value: String(account.id) },
      file(parks, 'parks.geojson'),
    ]);
    expect(accountFull.statusCode).toBe(429);
    expect(accountFull.json().detail).toMatch(
      /^This account already has 2 .* in progress.* Try again in \d+ seconds?\.$/,
    );
    expect(Number(accountFull.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const intoSecond = stalledUpload(second.id);
    await untilReceiving(3);
    const userFull = await upload([
      { name: 'name', value: 'Fourth' },
      { name: 'account', value: String(second.id) },
      file(parks, 'parks.geojson'),
    ]);
    expect(userFull.statusCode).toBe(429);
    expect(userFull.json().detail).toMatch(/^You already have 3 .* in progress/);
    expect(Number(userFull.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const bobsAccount = await buildAccount(t, bobToken, bob.id, 'Bob’s');
    const bobs = await upload(
      [
        { name: 'name', value: 'Bob’s parks' },
        { name: 'account', value: String(bobsAccount.id) },
        file(parks, 'parks.geojson'),
      ],
      bobToken,
    );
    expect(bobs.statusCode).toBe(201);

    for (const stalled of [...intoFirst, intoSecond]) await stalled.release();
    for (const stalled of [...intoFirst, intoSecond]) expect((await stalled.response).statusCode).toBe(201);
    // Their places are free again.
    const again = await upload([
      { name: 'name', value: 'Again' },
      { name: 'account', value: String(account.id) },
      file(parks, 'parks.geojson'),
    ]);
    expect(again.statusCode).toBe(201);
  });

  describe('answers 400 naming the feature or line for what the database cannot store', () => {
    const send = (content: string, filename: string, name = 'Refused') =>
      upload([
        { name: 'name', value: name },
        { name: 'account', value: String(account.id) },
        file(content, filename),
      ]);
    const point = (properties: unknown) => ({
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates: [5, 52] },
    });
    const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

    it('properties or a geometry nested 5,000 deep', async () => {
      const deepProperties = collection(point({})).replace('"properties":{}', `"properties":${nested(5000)}`);
      const res = await send(`${deepProperties.slice(0, -2)},${JSON.stringify(point({}))}]}`, 'deep.geojson');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['Feature 1: "properties" is nested more than 64 levels deep.'] });
      const deepGeometry = collection(point({}), {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: 'HERE' },
      }).replace('"HERE"', `${'['.repeat(5000)}5${']'.repeat(5000)}`);
      const geometry = await send(deepGeometry, 'deep.geojson');
      expect(geometry.json()).toEqual({
        file: ['Feature 2: "geometry" is nested more than 64 levels deep.'],
      });
      const single = await send(
        JSON.stringify(point({})).replace('"properties":{}', `"properties":${nested(5000)}`),
        'one.geojson',
      );
      expect(single.json()).toEqual({
        file: ['Feature 1: "properties" is nested more than 64 levels deep.'],
      });
    });

    it('a null character in a CSV cell, a GeoJSON string or key, and half a surrogate pair', async () => {
      const csv = await send('lat,lon,name\n52.1,5.1,fine\n52.2,5.2,bad\u0000name\n', 'nul.csv');
      expect(csv.statusCode).toBe(400);
      expect(csv.json()).toEqual({ file: ["Line 3: null characters are not allowed (in column 'name')."] });
      const header = await send('lat,lon,na\u0000me\n52.1,5.1,fine\n', 'nul.csv');
      expect(header.json()).toEqual({ file: ['Line 1: null characters are not allowed (in the header).'] });
      const value = await send(
        collection(point({ name: 'ok' }), point({ name: 'bad\u0000' })),
        'nul.geojson',
      );
      expect(value.statusCode).toBe(400);
      expect(value.json()).toEqual({
        file: ['Feature 2: null characters are not allowed (in "properties.name").'],
      });
      const key = await send(collection(point({ 'na\u0000me': 1 })), 'nul.geojson');
      expect(key.json()).toEqual({
        file: ['Feature 1: null characters are not allowed (in "properties.na\\u0000me").'],
      });
      const surrogate = await send(
        collection(point({}), point({ tags: ['x', 'LONE'] })).replace('LONE', '\\ud83d'),
        'half.geojson',
      );
      expect(surrogate.json()).toEqual({
        file: [
          'Feature 2: "properties.tags.1" holds text that is not valid Unicode (half of a surrogate pair).',
        ],
      });
      const name = await send(collection(point({})), 'fine.geojson', 'Bad\u0000name');
      expect(name.json()).toEqual({ name: ['Null characters are not allowed.'] });
    });

    it('also from a file read on a thread of its own (above 256 KB), whose valid features all arrive', async () => {
      const features = Array.from({ length: 3000 }, (_, i) =>
        point({ name: `Point ${i}`, note: 'x'.repeat(60) }),
      );
      const good = await send(collection(...features), 'many.geojson', 'Many');
      expect(good.statusCode).toBe(201);
      const stored = await t.app.inject({
        url: `/api/datasources/${good.json().id}/features`,
        headers: auth(token),
      });
      expect(stored.json().features).toHaveLength(3000);
      features[2500] = point({ name: 'bad\u0000' });
      const bad = await send(collection(...features), 'many.geojson');
      expect(bad.json()).toEqual({
        file: ['Feature 2501: null characters are not allowed (in "properties.name").'],
      });
    });
  });
});
