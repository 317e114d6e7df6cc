import { ImageryProvider, Resource, WebMapServiceImageryProvider, WebMercatorTilingScheme } from 'cesium';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readViewerSource } from './layer-config';
import { wmsRequests } from './map-services';

/**
 * The addresses Cesium's WMS provider really asks, given what wmsRequests makes of a
 * source: as imagery.ts builds it, with image loads and GetFeatureInfo caught before they
 * leave. Tile (5, 1) at level 2 of the geographic tiling is longitude 45…90, latitude 0…45;
 * tile (3, 1) at level 2 of Web Mercator is x 10018754…20037508 m, y 0…10018754 m.
 */

function providerFor(config: Record<string, unknown>) {
  const read = readViewerSource('wms', config);
  if (!read.ok || read.source.kind !== 'wms') throw new Error('not a WMS source');
  const { webMercator, ...requests } = wmsRequests(read.source.config, {});
  return new WebMapServiceImageryProvider({
    ...requests,
    ...(webMercator ? { tilingScheme: new WebMercatorTilingScheme() } : {}),
  });
}

/** The query of the GetMap address the provider asks for a tile (keys lower-cased, each once). */
async function getMapQuery(provider: WebMapServiceImageryProvider, x: number, y: number, level: number) {
  const asked: string[] = [];
  vi.spyOn(ImageryProvider, 'loadImage').mockImplementation((_provider, url) => {
    asked.push(typeof url === 'string' ? url : url.url);
    return Promise.resolve(new Image()) as ReturnType<typeof ImageryProvider.loadImage>;
  });
  await provider.requestImage(x, y, level);
  expect(asked).toHaveLength(1);
  return queryOf(asked[0] ?? '');
}

/** The query of the GetFeatureInfo address the provider asks first when a tile is clicked. */
async function featureInfoQuery(provider: WebMapServiceImageryProvider, x: number, y: number, level: number) {
  const asked: string[] = [];
  vi.spyOn(Resource.prototype, 'fetchJson').mockImplementation(function (this: Resource) {
    asked.push(this.url);
    return Promise.resolve({ type: 'FeatureCollection', features: [] });
  });
  await provider.pickFeatures(x, y, level, 1.2, 0.4);
  return queryOf(asked[0] ?? '');
}

function queryOf(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) {
    const name = key.toLowerCase();
    if (name in query) throw new Error(`${name} is asked twice in ${url}`);
    query[name] = value;
  }
  return query;
}

const numbers = (text: string | undefined) => (text ?? '').split(',').map(Number);

function expectBox(text: string | undefined, box: number[]) {
  const got = numbers(text);
  expect(got).toHaveLength(4);
  for (const [index, value] of box.entries()) expect(got[index]).toBeCloseTo(value, 3);
}

const source = { url: 'http://127.0.0.1:9/wms?map=parcels', layers: 'parcels' };
const mercatorEdge = 20037508.342789244;

describe('what Cesium asks a WMS for', () => {
  afterEach(() => vi.restoreAllMocks());

  it('1.1.1: SRS=EPSG:4326 and a BBOX of minx, miny, maxx, maxy in longitude, latitude', async () => {
    const query = await getMapQuery(providerFor({ ...source, version: '1.1.1' }), 5, 1, 2);
    expect(query).toMatchObject({
      service: 'WMS',
      request: 'GetMap',
      version: '1.1.1',
      srs: 'EPSG:4326',
      layers: 'parcels',
      map: 'parcels',
      width: '256',
      height: '256',
    });
    expect(query).not.toHaveProperty('crs');
    expectBox(query.bbox, [45, 0, 90, 45]);
  });

  it('1.3.0: CRS=EPSG:4326 and a BBOX in latitude, longitude', async () => {
    const query = await getMapQuery(providerFor({ ...source, version: '1.3.0' }), 5, 1, 2);
    expect(query).toMatchObject({ version: '1.3.0', crs: 'EPSG:4326', request: 'GetMap' });
    expect(query).not.toHaveProperty('srs');
    expectBox(query.bbox, [0, 45, 45, 90]);
  });

  it('EPSG:3857: x, y in metres in both versions, SRS in 1.1.1 and CRS in 1.3.0', async () => {
    const box = [mercatorEdge / 2, 0, mercatorEdge, mercatorEdge / 2];
    const old = await getMapQuery(
      providerFor({ ...source, version: '1.1.1', parameters: { SRS: 'EPSG:3857' } }),
      3,
      1,
      2,
    );
    expect(old).toMatchObject({ version: '1.1.1', srs: 'EPSG:3857' });
    expect(old).not.toHaveProperty('crs');
    expectBox(old.bbox, box);
    vi.restoreAllMocks();
    const current = await getMapQuery(
      providerFor({ ...source, version: '1.3.0', parameters: { CRS: 'EPSG:3857' } }),
      3,
      1,
      2,
    );
    expect(current).toMatchObject({ version: '1.3.0', crs: 'EPSG:3857' });
    expect(current).not.toHaveProperty('srs');
    expectBox(current.bbox, box);
  });

  it('asks once per key when the address is a pasted GetCapabilities address of another version', async () => {
    const query = await getMapQuery(
      providerFor({
        url: 'http://127.0.0.1:9/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0',
        layers: 'parcels',
        version: '1.1.1',
      }),
      5,
      1,
      2,
    );
    expect(query).toMatchObject({ request: 'GetMap', version: '1.1.1', srs: 'EPSG:4326' });
    expectBox(query.bbox, [45, 0, 90, 45]);
  });

  it('asks GetFeatureInfo in the same version and order: 1.1.1 with SRS, X and Y', async () => {
    const query = await featureInfoQuery(
      providerFor({ ...source, version: '1.1.1', parameters: { time: '2024' } }),
      5,
      1,
      2,
    );
    expect(query).toMatchObject({
      request: 'GetFeatureInfo',
      version: '1.1.1',
      srs: 'EPSG:4326',
      query_layers: 'parcels',
      styles: '',
      time: '2024',
    });
    expect(query).toHaveProperty('x');
    expect(query).toHaveProperty('y');
    expect(query).not.toHaveProperty('i');
    expectBox(query.bbox, [45, 0, 90, 45]);
  });

  it('asks GetFeatureInfo in 1.3.0 with CRS, I and J and a latitude-first BBOX', async () => {
    const query = await featureInfoQuery(providerFor({ ...source, version: '1.3.0' }), 5, 1, 2);
    expect(query).toMatchObject({ request: 'GetFeatureInfo', version: '1.3.0', crs: 'EPSG:4326' });
    expect(query).toHaveProperty('i');
    expect(query).not.toHaveProperty('x');
    expectBox(query.bbox, [0, 45, 45, 90]);
  });
});
