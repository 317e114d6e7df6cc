import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type GeoJsonFeature, type ParsedUpload, parseUpload, UploadError } from './index.js';

/** The text as a stream of `chunkSize`-byte chunks (small chunks split tokens, lines and characters). */
function streamOf(text: string | Buffer, chunkSize = 64 * 1024): Readable {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

type Options = {
  chunkSize?: number;
  batchSize?: number;
  maxFeatures?: number;
  batchBytes?: number;
  maxFeatureBytes?: number;
  maxDepth?: number;
};

async function parse(
  text: string | Buffer,
  filename = 'data.geojson',
  options: Options = {},
): Promise<ParsedUpload & { features: GeoJsonFeature[]; batches: number[] }> {
  const features: GeoJsonFeature[] = [];
  const batches: number[] = [];
  const { chunkSize, ...rest } = options;
  const result = await parseUpload({
    stream: streamOf(text, chunkSize),
    filename,
    onBatch: async (batch) => {
      batches.push(batch.length);
      features.push(...batch);
    },
    ...rest,
  });
  return { ...result, features, batches };
}

/** The message of the UploadError that parsing the text throws. */
async function failure(
  text: string | Buffer,
  filename = 'data.geojson',
  options: Options = {},
): Promise<string> {
  const error = await parse(text, filename, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return (error as UploadError).message;
}

const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const feature = (geometry: unknown, properties: unknown = null) => ({
  type: 'Feature',
  geometry,
  properties,
});
const square = [
  [4, 52],
  [5, 52],
  [5, 53],
  [4, 53],
  [4, 52],
];
const hole = [
  [4.2, 52.2],
  [4.4, 52.2],
  [4.4, 52.4],
  [4.2, 52.2],
];

describe('GeoJSON', () => {
  const geometries = [
    { type: 'Point', coordinates: [4.9, 52.37] },
    { type: 'Point', coordinates: [4.9, 52.37, 12.5] },
    {
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    },
    {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [10, 10],
      ],
    },
    {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
          [4, 4],
        ],
      ],
    },
    { type: 'Polygon', coordinates: [square, hole] },
    { type: 'MultiPolygon', coordinates: [[square], [square, hole]] },
    {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [1, 1] },
        { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [square] }] },
      ],
    },
    { type: 'MultiPoint', coordinates: [] },
  ];

  it.each(geometries)('accepts a $type', async (geometry) => {
    const { features, featureCount, format } = await parse(collection(feature(geometry, { a: 1 })));
    expect(format).toBe('geojson');
    expect(featureCount).toBe(1);
    expect(features).toEqual([{ type: 'Feature', geometry, properties: { a: 1 } }]);
  });

  it('accepts a null or missing geometry and null or missing properties', async () => {
    const { features, extent } = await parse(
      collection(
        feature(null),
        { type: 'Feature', properties: { b: 'x' } },
        { type: 'Feature', geometry: null },
      ),
    );
    expect(features).toEqual([
      { type: 'Feature', geometry: null, properties: null },
      { type: 'Feature', geometry: null, properties: { b: 'x' } },
      { type: 'Feature', geometry: null, properties: null },
    ]);
    expect(extent).toBeNull();
  });

  it('keeps the id, drops foreign members, and keeps nested properties', async () => {
    const { features } = await parse(
      collection(
        {
          type: 'Feature',
          id: 'a-1',
          bbox: [0, 0, 1, 1],
          geometry: { type: 'Point', coordinates: [1, 1], crs: 'x' },
          properties: { nested: { list: [1, 'two', null, true] } },
          extra: 1,
        },
        { type: 'Feature', id: 7, geometry: null, properties: {} },
      ),
    );
    expect(features).toEqual([
      {
        type: 'Feature',
        id: 'a-1',
        geometry: { type: 'Point', coordinates: [1, 1] },
        properties: { nested: { list: [1, 'two', null, true] } },
      },
      { type: 'Feature', id: 7, geometry: null, properties: {} },
    ]);
  });

  it('computes the extent over all positions of all features', async () => {
    const { extent } = await parse(
      collection(
        feature({ type: 'Point', coordinates: [-3, 10] }),
        feature({ type: 'Polygon', coordinates: [square] }),
        feature({
          type: 'GeometryCollection',
          geometries: [
            {
              type: 'LineString',
              coordinates: [
                [7, -20, 100],
                [6, 0],
              ],
            },
          ],
        }),
        feature(null),
      ),
    );
    expect(extent).toEqual([-3, -20, 7, 53]);
  });

  it('reads a single Feature and a bare geometry as one feature', async () => {
    const single = await parse(JSON.stringify(feature({ type: 'Point', coordinates: [1, 2] }, { n: 1 })));
    expect(single.features).toEqual([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { n: 1 } },
    ]);
    expect(single.extent).toEqual([1, 2, 1, 2]);
    const bare = await parse(
      JSON.stringify({
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    );
    expect(bare.features).toEqual([
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        },
        properties: null,
      },
    ]);
    expect(bare.featureCount).toBe(1);
    expect(bare.extent).toEqual([1, 2, 3, 4]);
  });

  it('accepts "type" after "features", other members, a byte order mark and blanks', async () => {
    const text = `\uFEFF \n {"name":"x","crs":{"type":"name"},"features":[${JSON.stringify(feature(null))}],"type":"FeatureCollection"}\n`;
    expect((await parse(text)).featureCount).toBe(1);
    expect((await parse(collection())).featureCount).toBe(0);
  });

  it('gives the same result whatever the chunk size', async () => {
    const text = JSON.stringify(
      {
        type: 'FeatureCollection',
        features: [feature({ type: 'Polygon', coordinates: [square, hole] }, { naam: 'Zoë €' })],
      },
      null,
      2,
    );
    const whole = await parse(text);
    const split = await parse(text, 'data.geojson', { chunkSize: 1 });
    expect(split.features).toEqual(whole.features);
    expect(split.features[0]?.properties).toEqual({ naam: 'Zoë €' });
  });

  it('keeps a "__proto__" property as data', async () => {
    const { features } = await parse(
      '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{"__proto__":{"polluted":true}}}]}',
    );
    const properties = features[0]?.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  const point = (coordinates: unknown) => feature({ type: 'Point', coordinates });
  const valid = point([1, 1]);
  it.each([
    [
      feature({ type: 'Circle', coordinates: [1, 1] }),
      "Feature 3: the geometry type 'Circle' is not valid GeoJSON.",
    ],
    [feature({ coordinates: [1, 1] }), 'Feature 3: the geometry has no type.'],
    [feature('POINT (1 1)'), 'Feature 3: the geometry must be an object or null, found a string.'],
    [feature({ type: 'Point' }), 'Feature 3: the Point has no coordinates.'],
    [point([1, '2']), 'Feature 3: expected a position of 2 or 3 numbers, found [1,"2"].'],
    [point([1]), 'Feature 3: expected a position of 2 or 3 numbers, found [1].'],
    [point([1, 2, 3, 4]), 'Feature 3: expected a position of 2 or 3 numbers, found [1,2,3,4].'],
    [point([181, 2]), 'Feature 3: longitude 181 is not between -180 and 180.'],
    [point([1, 123.4]), 'Feature 3: latitude 123.4 is not between -90 and 90.'],
    [point([1, -90.5]), 'Feature 3: latitude -90.5 is not between -90 and 90.'],
    [
      feature({ type: 'MultiPoint', coordinates: [1, 2] }),
      'Feature 3: expected a list of positions, found [1,2].',
    ],
    [
      feature({ type: 'LineString', coordinates: [[1, 2]] }),
      'Feature 3: the LineString has 1 position; it needs at least 2.',
    ],
    [
      feature({
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
          [],
        ],
      }),
      'Feature 3: line 2 of the MultiLineString has 0 positions; it needs at least 2.',
    ],
    [feature({ type: 'Polygon', coordinates: [] }), 'Feature 3: the Polygon has no rings.'],
    [
      feature({ type: 'Polygon', coordinates: [square.slice(0, 4)] }),
      'Feature 3: ring 1 of the Polygon is not closed: its first and last positions differ.',
    ],
    [
      feature({
        type: 'Polygon',
        coordinates: [
          square,
          [
            [1, 1],
            [2, 2],
            [1, 1],
          ],
        ],
      }),
      'Feature 3: ring 2 of the Polygon has 3 positions; a ring needs at least 4.',
    ],
    [
      feature({ type: 'MultiPolygon', coordinates: [[square], [square, square.slice(1)]] }),
      'Feature 3: ring 2 of polygon 2 of the MultiPolygon is not closed: its first and last positions differ.',
    ],
    [
      feature({ type: 'Polygon', coordinates: square }),
      'Feature 3: expected a list of positions, found [4,52].',
    ],
    [
      feature({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 1] },
          { type: 'Point', coordinates: [1, 95] },
        ],
      }),
      'Feature 3: geometry 2 of the GeometryCollection: latitude 95 is not between -90 and 90.',
    ],
    [
      feature({ type: 'GeometryCollection' }),
      'Feature 3: expected a list of geometries in "geometries", found nothing.',
    ],
    [{ type: 'feature', geometry: null }, "Feature 3: the type is 'feature' where 'Feature' was expected."],
    [{ geometry: null }, "Feature 3: the type 'Feature' is missing."],
    [feature(null, [1]), 'Feature 3: the properties must be an object or null, found an array.'],
    [feature(null, 'name'), 'Feature 3: the properties must be an object or null, found a string.'],
    [{ ...feature(null), id: { a: 1 } }, 'Feature 3: the id must be a string or a number, found an object.'],
    [42, 'Feature 3: expected an object, found a number.'],
    [null, 'Feature 3: expected an object, found null.'],
  ])('rejects feature 3 when it is %j', async (bad, message) => {
    expect(await failure(collection(valid, valid, bad, valid))).toBe(message);
  });

  it('rejects non-finite numbers', async () => {
    expect(await failure(`{"type":"Point","coordinates":[1e999,1]}`)).toBe(
      'Feature 1: expected a position of 2 or 3 numbers, found [null,1].',
    );
  });

  it('numbers the errors of a single Feature or geometry as feature 1', async () => {
    expect(await failure(JSON.stringify(point([200, 0])))).toBe(
      'Feature 1: longitude 200 is not between -180 and 180.',
    );
    expect(
      await failure(
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ),
    ).toBe('Feature 1: ring 1 of the Polygon has 3 positions; a ring needs at least 4.');
  });

  it('hands on the features before the invalid one, then stops', async () => {
    const batches: GeoJsonFeature[][] = [];
    const stream = streamOf(collection(valid, valid, valid, point([1, 100]), valid));
    const error = await parseUpload({
      stream,
      filename: 'x.json',
      batchSize: 2,
      onBatch: async (batch) => {
        batches.push(batch);
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Feature 4: latitude 100 is not between -90 and 90.');
    expect(batches.map((b) => b.length)).toEqual([2]);
    expect(stream.destroyed).toBe(true);
  });

  it.each([
    [
      '{"type":"FeatureCollection","features":[\n  {"type": "Feature", "geometry": @}\n]}',
      'expected a value, found "@" (line 2, column 35)',
    ],
    [
      '{"type":"FeatureCollection","features":[\n  {"type": "Feature" "geometry": null}\n]}',
      `expected ',', found "\\"" (line 2, column 22)`,
    ],
    ['{"type":"FeatureCollection","features":[}', 'expected a value, found "}" (line 1, column 41)'],
    ['{"type":"FeatureCollection","features":[]]', `expected '}', found "]" (line 1, column 42)`],
    ['{"type":"MultiPoint","coordinates":[[1,2],]}', "unexpected token ']' (line 1, column 43)"],
    [
      '{"type":"Feature","geometry":null}\n\n  x',
      'more text after the end of the JSON value, found "x" (line 3, column 3)',
    ],
    ["{'type':'Feature'}", `expected an object key, found "'" (line 1, column 2)`],
    ['{"type":"Point","coordinates":[1,-]}', 'expected a starting digit, found "]" (line 1, column 35)'],
    ['{"type":"Point","coordinates":[1, 2] ]', 'expected \'}\', found "]" (line 1, column 38)'],
  ])('names the line and column of a JSON syntax error: %s', async (text, where) => {
    expect(await failure(text)).toBe(`The file is not valid JSON: ${where}.`);
    // The same place when the text comes in one-byte chunks.
    expect(await failure(text, 'data.geojson', { chunkSize: 1 })).toBe(
      `The file is not valid JSON: ${where}.`,
    );
  });

  it('finds a syntax error deep in a long single line', async () => {
    const features = Array.from({ length: 2000 }, (_, i) => JSON.stringify(point([i / 100, 1])));
    const text = `{"type":"FeatureCollection","features":[${features.join(',')},{"type":"Feature",,}]}`;
    const column = text.indexOf(',,') + 2;
    expect(await failure(text)).toBe(
      `The file is not valid JSON: expected an object key, found "," (line 1, column ${column}).`,
    );
  });

  it.each([
    '{"type":"FeatureCollection","features":[',
    '{"type":"Feature","geometry":null',
    '{"type":"Feature","geometry":nul',
    '{"type":"Feature","name":"abc',
    '{"type":"Point","coordinates":[1, 2',
  ])('says when the file ends too early: %s', async (text) => {
    expect(await failure(text)).toBe('The file is not valid JSON: it ends before the JSON is complete.');
  });

  it.each([
    [
      '[{"type":"Feature"}]',
      'The file is JSON but not GeoJSON: it holds an array, not a FeatureCollection, a Feature or a geometry.',
    ],
    [
      '"text"',
      'The file is JSON but not GeoJSON: it holds a string, not a FeatureCollection, a Feature or a geometry.',
    ],
    ['{"name":"x"}', 'The file is JSON but not GeoJSON: it has no "type".'],
    [
      '{"type":"Topology","objects":{}}',
      "The file is JSON but not GeoJSON: the type 'Topology' is not FeatureCollection, Feature or a geometry type.",
    ],
    ['{"type":"FeatureCollection"}', 'The FeatureCollection has no "features" list.'],
    [
      '{"type":"FeatureCollection","features":{}}',
      'The FeatureCollection\'s "features" is not a list but {}.',
    ],
    [
      '{"features":[],"type":"Feature"}',
      `The file has a "features" list but its type is 'Feature', not 'FeatureCollection'.`,
    ],
    ['{"features":[]}', `The file has a "features" list but its type is nothing, not 'FeatureCollection'.`],
  ])('rejects JSON that is not GeoJSON: %s', async (text, message) => {
    expect(await failure(text)).toBe(message);
  });
});

describe('CSV', () => {
  it('reads an English header with commas', async () => {
    const { features, featureCount, extent, format } = await parse(
      'name,lat,lon,height\nDam,52.373,4.893,12\nZuid,-33.9,18.4,-3.5\n',
      'points.csv',
    );
    expect(format).toBe('csv');
    expect(featureCount).toBe(2);
    expect(features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [4.893, 52.373] },
        properties: { name: 'Dam', height: 12 },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [18.4, -33.9] },
        properties: { name: 'Zuid', height: -3.5 },
      },
    ]);
    expect(extent).toEqual([4.893, -33.9, 18.4, 52.373]);
  });

  it.each([
    ['latitude', 'longitude'],
    ['Latitude', 'Longitude'],
    [' LAT ', ' Lng'],
    ['y', 'x'],
    ['lat', 'long'],
    ['Breedtegraad', 'Lengtegraad'],
    ['breedte', 'lengte'],
  ])('recognises the columns %s and %s', async (latitude, longitude) => {
    const { features } = await parse(`id,${longitude},${latitude}\n1,5.1,52.1\n`, 'p.csv');
    expect(features[0]?.geometry).toEqual({ type: 'Point', coordinates: [5.1, 52.1] });
    expect(features[0]?.properties).toEqual({ id: 1 });
  });

  it('prefers lat/lon over x/y, which then stay properties', async () => {
    const { features } = await parse('x,y,lat,lon\n155000,463000,52.1,5.1\n', 'p.csv');
    expect(features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.1, 52.1] },
      properties: { x: 155000, y: 463000 },
    });
  });

  it('reads semicolons with decimal commas (Dutch)', async () => {
    const { features } = await parse(
      'Naam;Breedtegraad;Lengtegraad;Hoogte\nDam;52,373;4,893;1,5\nUtrecht;52.09;5.12;7\n',
      'p.csv',
    );
    expect(features.map((f) => f.geometry)).toEqual([
      { type: 'Point', coordinates: [4.893, 52.373] },
      { type: 'Point', coordinates: [5.12, 52.09] },
    ]);
    expect(features.map((f) => f.properties)).toEqual([
      { Naam: 'Dam', Hoogte: '1,5' },
      { Naam: 'Utrecht', Hoogte: 7 },
    ]);
  });

  it('reads tabs, CRLF line ends and a byte order mark', async () => {
    const { features } = await parse('\uFEFFlat\tlon\tname\r\n52,5\t4,5\tA, B; C\r\n', 'p.txt');
    expect(features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [4.5, 52.5] },
        properties: { name: 'A, B; C' },
      },
    ]);
  });

  it('reads quoted fields holding delimiters, quotes and line breaks', async () => {
    const text = 'name,lat,lon,"note, remark"\n"Smith, J.",52,5,"said ""hi""\non two lines"\n"a;b",53,6,""\n';
    const { features } = await parse(text, 'p.csv');
    expect(features.map((f) => f.properties)).toEqual([
      { name: 'Smith, J.', 'note, remark': 'said "hi"\non two lines' },
      { name: 'a;b', 'note, remark': '' },
    ]);
  });

  it('keeps values as strings unless they are plain numbers', async () => {
    const { features } = await parse(
      'lat,lon,a,b,c,d,e,f,g,h,i\n1,2,12,-0.5,007,1e5,12.,0x1F,1234567890123456, 42 ,\n',
      'p.csv',
    );
    expect(features[0]?.properties).toEqual({
      a: 12,
      b: -0.5,
      c: '007',
      d: '1e5',
      e: '12.',
      f: '0x1F',
      g: '1234567890123456',
      h: 42,
      i: '',
    });
  });

  it('keeps a "__proto__" column as data', async () => {
    const { features } = await parse('lat,lon,__proto__\n1,2,x\n', 'p.csv');
    const properties = features[0]?.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  it('skips empty lines but counts them in line numbers', async () => {
    const text = '\nlat,lon\n\n52,5\n,\n\n53,6\n54,abc\n';
    expect(await failure(text, 'p.csv')).toBe("Line 8: longitude 'abc' is not a number.");
    expect((await parse(text.replace('54,abc\n', ''), 'p.csv')).featureCount).toBe(2);
  });

  it('reads a header without rows as no features', async () => {
    expect(await parse('lat;lon;naam\n', 'p.csv')).toMatchObject({
      featureCount: 0,
      extent: null,
      batches: [],
    });
  });

  it.each([
    ['lat,lon\n52,5\n123.4,5\n', 'Line 3: latitude 123.4 is not between -90 and 90.'],
    ['lat;lon\n52;5\n-90,5;5\n', 'Line 3: latitude -90,5 is not between -90 and 90.'],
    ['lat,lon\n52,180.1\n', 'Line 2: longitude 180.1 is not between -180 and 180.'],
    ['lat,lon\nN52,5\n', "Line 2: latitude 'N52' is not a number."],
    ['lat,lon\n52°,5\n', "Line 2: latitude '52°' is not a number."],
    ['lat,lon\n"52,1",5\n', "Line 2: latitude '52,1' is not a number."],
    ['lat;lon\n1.234,5;5\n', "Line 2: latitude '1.234,5' is not a number."],
    ['name,lat,lon\nx, ,5\n', 'Line 2: the latitude is empty.'],
    ['name,lat,lon\nx,5,\n', 'Line 2: the longitude is empty.'],
    ['name,lat,lon\na,1,2\nb,1,2,3\n', 'Line 3: found 4 columns where the header has 3.'],
    ['name;lat;lon\na;1;2\n\nb;1\n', 'Line 4: found 2 columns where the header has 3.'],
    ['lat,lon,Name,name,Name\n1,2,a,b,c\n', "Line 1: the column name 'Name' appears twice."],
    ['lat,lon,name\n1,2,a\n3,4,"open\n5,6,x\n', 'After line 2: a quote (") is opened but never closed.'],
    ['lat,lon,"name\n3,4,x\n', 'In the header: a quote (") is opened but never closed.'],
  ])('rejects %j', async (text, message) => {
    expect(await failure(text, 'p.csv')).toBe(message);
  });

  it.each([
    ['name,lon,x2\n', 'No latitude column found: name one lat, latitude, y, breedtegraad or breedte.'],
    [
      'naam;breedtegraad;hoogte\n',
      'No longitude column found: name one lon, lng, long, longitude, x, lengtegraad or lengte.',
    ],
    [
      'name,place\n',
      'No latitude and longitude columns found: name them lat, latitude, y, breedtegraad or breedte, and lon, lng, long, longitude, x, lengtegraad or lengte.',
    ],
  ])('names the missing coordinate column: %j', async (text, message) => {
    expect(await failure(`${text}a,b,c\n`, 'p.csv')).toBe(message);
  });

  it('stops at a row of more than a million characters', async () => {
    const text = `lat,lon,name\n1,2,"${'x'.repeat(1_100_000)}"\n`;
    expect(await failure(text, 'p.csv')).toBe(
      'After line 1: a row is longer than 1,000,000 characters; is a quote (") not closed?',
    );
  });

  it('gives the same result whatever the chunk size', async () => {
    const text = '\uFEFFnaam;lat;lon\n"Zoë; €";52,1;5,2\n\nB;53;6\n';
    const whole = await parse(text, 'p.csv');
    expect(await parse(text, 'p.csv', { chunkSize: 1 })).toEqual(whole);
    expect(whole.features[0]?.properties).toEqual({ naam: 'Zoë; €' });
  });
});

describe('format detection', () => {
  const geojson = collection(feature({ type: 'Point', coordinates: [1, 2] }));
  const csv = 'lat,lon\n2,1\n';

  it.each(['a.geojson', 'a.json', 'A.GeoJSON', 'C:\\fakepath\\a.JSON', 'dir/a.json'])(
    'reads %s as GeoJSON',
    async (name) => {
      expect((await parse(geojson, name)).format).toBe('geojson');
    },
  );

  it.each(['a.csv', 'a.txt', 'a.tsv', 'C:\\fakepath\\punten.CSV'])('reads %s as CSV', async (name) => {
    expect((await parse(csv, name)).format).toBe('csv');
  });

  it('trusts the extension over the content', async () => {
    expect(await failure(geojson, 'a.csv')).toMatch(/^No latitude and longitude columns found/);
    expect(await failure(csv, 'a.json')).toMatch(/^The file is not valid JSON: /);
  });

  it.each(['upload', 'a.dat', 'a.json.bak', '.geojson.'])('looks at the content of %s', async (name) => {
    expect((await parse(`\n  ${geojson}`, name)).format).toBe('geojson');
    expect((await parse(`\uFEFF${geojson}`, name)).format).toBe('geojson');
    expect((await parse(csv, name)).format).toBe('csv');
    expect((await parse('lat;lon\n2;1\n', name)).format).toBe('csv');
    expect((await parse('lat\tlon\n2\t1\n', name)).format).toBe('csv');
    expect(await failure('[1, 2]', name)).toMatch(/^The file is JSON but not GeoJSON/);
  });

  it.each([
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x2c])],
    ['text that is not UTF-8', Buffer.from([0x6c, 0x61, 0x74, 0x2c, 0xff, 0xfe, 0x0a])],
    ['text without a delimiter', 'Just some words\nand more\n'],
    ['a zip file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x2c, 0x2c, 0x0a])],
    ['text with NUL characters', 'lat\u0000,lon\u0000\n'],
  ])('refuses %s without a known extension', async (_what, content) => {
    expect(await failure(content, 'upload.bin')).toBe('The file is neither GeoJSON nor CSV.');
  });

  it.each(['a.geojson', 'a.csv', 'upload'])('says %s is empty', async (name) => {
    expect(await failure('', name)).toBe('The file is empty.');
    expect(await failure(' \r\n\t\n', name)).toBe('The file is empty.');
    expect(await failure('\uFEFF', name)).toBe('The file is empty.');
  });
});

describe('batches', () => {
  const points = (count: number) =>
    collection(
      ...Array.from({ length: count }, (_, i) =>
        feature({ type: 'Point', coordinates: [i / 1000, 0] }, { i }),
      ),
    );
  const rows = (count: number) =>
    `i;lat;lon\n${Array.from({ length: count }, (_, i) => `${i};0;${i / 1000}`).join('\n')}\n`;

  it.each([
    [1234, undefined, [500, 500, 234]],
    [1000, undefined, [500, 500]],
    [5, 2, [2, 2, 1]],
    [3, 1, [1, 1, 1]],
    [3, 10, [3]],
    [0, undefined, []],
  ])('hands %i features on in batches of %s', async (count, batchSize, expected) => {
    const geo = await parse(points(count), 'p.geojson', { batchSize });
    expect(geo.batches).toEqual(expected);
    expect(geo.featureCount).toBe(count);
    expect(geo.features.map((f) => f.properties?.i)).toEqual(Array.from({ length: count }, (_, i) => i));
    const table = await parse(rows(count), 'p.csv', { batchSize });
    expect(table.batches).toEqual(expected);
    expect(table.features.map((f) => f.properties?.i)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('refuses more than maxFeatures features', async () => {
    expect((await parse(points(3), 'p.geojson', { maxFeatures: 3 })).featureCount).toBe(3);
    expect(await failure(points(4), 'p.geojson', { maxFeatures: 3 })).toBe(
      'The file holds more than 3 features, the most one upload may hold.',
    );
    expect(await failure(rows(4), 'p.csv', { maxFeatures: 3 })).toBe(
      'The file holds more than 3 features, the most one upload may hold.',
    );
    expect(await failure(points(1), 'p.geojson', { maxFeatures: 0 })).toBe(
      'The file holds more than 0 features, the most one upload may hold.',
    );
    expect(await failure(JSON.stringify(feature(null)), 'p.geojson', { maxFeatures: 0 })).toBe(
      'The file holds more than 0 features, the most one upload may hold.',
    );
  });

  it('says the default maximum is a million', async () => {
    // 1,000,001 tiny rows, produced as they are read.
    let i = 0;
    const stream = new Readable({
      read() {
        if (i > 1_000_001) {
          this.push(null);
          return;
        }
        let chunk = i === 0 ? 'lat,lon\n' : '';
        for (let k = 0; k < 10_000 && i <= 1_000_001; k++, i++) chunk += '0,0\n';
        this.push(chunk);
      },
    });
    let received = 0;
    const error = await parseUpload({
      stream,
      filename: 'p.csv',
      onBatch: async (batch) => {
        received += batch.length;
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The file holds more than 1,000,000 features, the most one upload may hold.',
    );
    expect(received).toBe(1_000_000);
  }, 60_000);

  it.each([
    ['GeoJSON', 'p.geojson'],
    ['CSV', 'p.csv'],
  ])(
    'awaits onBatch before reading on (%s)',
    async (_format, filename) => {
      const total = 20_000;
      let produced = 0;
      let consumed = 0;
      let running = 0;
      let mostRunning = 0;
      let mostAhead = 0;
      const isCsv = filename.endsWith('.csv');
      async function* source() {
        yield isCsv ? 'lat,lon,i\n' : '{"type":"FeatureCollection","features":[';
        for (; produced < total; ) {
          const i = produced++;
          yield isCsv
            ? `0,${i / 1000},${i}\n`
            : `${i === 0 ? '' : ','}${JSON.stringify(feature({ type: 'Point', coordinates: [i / 1000, 0] }, { i }))}`;
        }
        if (!isCsv) yield ']}';
      }
      const result = await parseUpload({
        stream: Readable.from(source()),
        filename,
        batchSize: 100,
        onBatch: async (batch) => {
          running++;
          mostRunning = Math.max(mostRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 1));
          // While this batch was being "stored", the file was not read much further.
          mostAhead = Math.max(mostAhead, produced - consumed);
          expect(batch[0]?.properties?.i).toBe(consumed);
          consumed += batch.length;
          running--;
        },
      });
      expect(result.featureCount).toBe(total);
      expect(consumed).toBe(total);
      expect(mostRunning).toBe(1);
      expect(mostAhead).toBeLessThan(5_000);
    },
    60_000,
  );

  it('passes an error of onBatch on as it is and stops reading', async () => {
    const failing = new Error('database down');
    const stream = streamOf(points(2000), 1024);
    const error = await parseUpload({
      stream,
      filename: 'p.geojson',
      onBatch: async () => {
        throw failing;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(failing);
    expect(stream.destroyed).toBe(true);
  });
});

describe('limits: what one feature may be, and what the database can store', () => {
  const point = (properties: unknown) => feature({ type: 'Point', coordinates: [5, 52] }, properties);
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses a feature nested deeper than maxDepth (64 unless given), whatever nests', async () => {
    // The feature is level 1, its properties level 2: 63 objects from there reach level 64.
    const ok = collection(point({})).replace('"properties":{}', `"properties":${nested(63)}`);
    expect((await parse(ok)).featureCount).toBe(1);
    const tooDeep = collection(point({}), point(null)).replace(
      '"properties":null',
      `"properties":${nested(64)}`,
    );
    expect(await failure(tooDeep)).toBe('Feature 2: "properties" is nested more than 64 levels deep.');
    expect(await failure(tooDeep, 'data.geojson', { maxDepth: 10 })).toBe(
      'Feature 2: "properties" is nested more than 10 levels deep.',
    );
    const collections = (depth: number): unknown =>
      depth === 0
        ? { type: 'Point', coordinates: [1, 2] }
        : { type: 'GeometryCollection', geometries: [collections(depth - 1)] };
    expect(await failure(collection(feature(collections(40))))).toBe(
      'Feature 1: "geometry" is nested more than 64 levels deep.',
    );
    expect(await failure(`[${nested(3)}]`, 'data.geojson', { maxDepth: 2 })).toMatch(/not GeoJSON/);
    expect(await failure(JSON.stringify(point({})).replace('{}', nested(80)))).toBe(
      'Feature 1: "properties" is nested more than 64 levels deep.',
    );
    expect(await failure(`{"type":"FeatureCollection","meta":${nested(80)},"features":[]}`)).toBe(
      `The FeatureCollection's "meta": "a" is nested more than 64 levels deep.`,
    );
  });

  it('refuses a feature larger than maxFeatureBytes (about, as JSON), and one value larger while it is read', async () => {
    const big = (length: number) => point({ text: 'x'.repeat(length) });
    const text = collection(big(10), big(900), big(10));
    expect((await parse(text, 'data.geojson', { maxFeatureBytes: 1000 })).featureCount).toBe(3);
    expect(await failure(collection(big(10), big(1000)), 'data.geojson', { maxFeatureBytes: 1000 })).toBe(
      'Feature 2: it is larger than 1000 bytes, the most one feature may hold; simplify or split it.',
    );
    const coordinates = Array.from({ length: 200_000 }, (_, i) => [i / 1e5, 1]);
    expect(
      await failure(collection(feature({ type: 'LineString', coordinates })), 'data.geojson', {
        maxFeatureBytes: 1024 * 1024,
      }),
    ).toBe('Feature 1: it is larger than 1 MB, the most one feature may hold; simplify or split it.');
    // One 5 MB string is refused before it is whole (its line and column are where reading stopped).
    const huge = JSON.stringify(point({ text: 'y'.repeat(5 * 1024 * 1024) }));
    expect(await failure(huge, 'data.geojson', { maxFeatureBytes: 4 * 1024 * 1024 })).toMatch(
      /^The file holds a single value longer than 4 MB \(line 1, column \d+\), more than a whole feature may hold\.$/,
    );
  });

  it('hands on a batch early once its features add up to batchBytes', async () => {
    const features = Array.from({ length: 10 }, (_, i) => point({ i, text: 'z'.repeat(1000) }));
    expect((await parse(collection(...features), 'data.geojson', { batchBytes: 3000 })).batches).toEqual([
      3, 3, 3, 1,
    ]);
    const csv = `lat;lon;text\n${Array.from({ length: 10 }, () => `1;2;${'z'.repeat(1000)}`).join('\n')}\n`;
    expect((await parse(csv, 'data.csv', { batchBytes: 3000 })).batches).toEqual([3, 3, 3, 1]);
  });

  it('refuses null characters and half surrogate pairs, which PostgreSQL cannot store', async () => {
    expect(await failure(collection(point({ ok: 1 }), point({ list: ['a', 'b\u0000'] })))).toBe(
      'Feature 2: null characters are not allowed (in "properties.list.1").',
    );
    expect(await failure(collection(point({ a: 1 })).replace('"a"', '"\\u0000a"'))).toBe(
      'Feature 1: null characters are not allowed (in "properties.\\u0000a").',
    );
    expect(await failure(collection(point({ a: 'LONE' })).replace('LONE', '\\udc00'))).toBe(
      'Feature 1: "properties.a" holds text that is not valid Unicode (half of a surrogate pair).',
    );
    // A whole pair is one character, and welcome.
    expect((await parse(collection(point({ a: '\u{1F600}' })))).features[0]?.properties).toEqual({ a: '😀' });
    expect(await failure('name;lat;lon\nok;1;2\nb\u0000d;1;2\n', 'data.csv')).toBe(
      "Line 3: null characters are not allowed (in column 'name').",
    );
  });
});
