import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Extent,
  type InspectResult,
  inspectRequestUrl,
  MAX_LAYERS,
  NotThisTypeError,
  parseArcgisFeatureServer,
  parseArcgisMapServer,
  parseCesiumTerrain,
  parseGeojson,
  parseInspectAnswer,
  parseTileset,
  parseWmsCapabilities,
  parseWmtsCapabilities,
} from './index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function expectExtent(actual: Extent | null, expected: Extent, digits = 4) {
  expect(actual).not.toBeNull();
  (actual as Extent).forEach((v, i) => {
    expect(v).toBeCloseTo(expected[i] as number, digits);
  });
}

function expectNotThis(fn: () => InspectResult, message?: string | RegExp) {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(NotThisTypeError);
  if (message !== undefined) expect((error as Error).message).toMatch(message);
}

const html = fixture('html-error.html');
const wmts = fixture('wmts.xml');
const wms111 = fixture('wms-1.1.1.xml');
const wms130 = fixture('wms-1.3.0.xml');

describe('WMS GetCapabilities', () => {
  it('reads 1.1.1 with a DOCTYPE, nested and unnamed group layers', () => {
    const r = parseWmsCapabilities(wms111, 'https://gis.lakeside.example/geoserver/wms');
    expect(r.title).toBe('Lakeside County Basemaps & Overlays');
    expect(r.layers).toEqual([
      { name: 'basemap', title: 'Basemap' },
      { name: 'basemap:topo', title: 'Topographic map' },
      { name: 'basemap:ortho', title: 'Orthophoto 2023' },
      { name: 'cadastre:parcels', title: 'Parcels' },
      { name: 'hydro:rivers', title: 'Rivers & streams' },
    ]);
    expectExtent(r.extent, [9.62, 47.48, 10.21, 47.79]);
    expect(r.details).toMatchObject({
      version: '1.1.1',
      formats: ['image/png', 'image/jpeg', 'image/gif'],
      crs: ['EPSG:4326', 'EPSG:3857', 'EPSG:25832'],
      getMapUrl: 'https://gis.lakeside.example/geoserver/wms?SERVICE=WMS&',
    });
  });

  it('reads 1.3.0 in the default namespace', () => {
    const r = parseWmsCapabilities(wms130, 'https://maps.northshore.example/ows');
    expect(r.title).toBe('Northshore Environmental Data');
    expect(r.layers.map((l) => l.name)).toEqual([
      'landcover',
      'protected_areas',
      'protected_areas:wetlands',
      'protected_areas:forests',
      'noise_day',
    ]);
    expect(r.layers[2]).toEqual({ name: 'protected_areas:wetlands', title: 'Wetlands' });
    expectExtent(r.extent, [-71.35, 42.21, -70.52, 42.88]);
    expect(r.details).toMatchObject({ version: '1.3.0', crs: ['EPSG:4326', 'EPSG:3857', 'CRS:84'] });
  });

  it('reads 1.3.0 with prefixed elements, a named top layer and character references', () => {
    const r = parseWmsCapabilities(fixture('wms-1.3.0-prefixed.xml'), 'https://charts.harbour.example/wms');
    expect(r.title).toBe('Harbour Authority Charts');
    expect(r.layers).toEqual([
      { name: 'charts', title: 'All charts' },
      { name: '0001', title: 'Depth contours' },
      { name: 'buoys', title: 'Buoys & beacons' },
    ]);
    expectExtent(r.extent, [4.02, 51.85, 4.55, 52.02]);
    expect(r.details?.getMapUrl).toBe('https://charts.harbour.example/wms?');
  });

  it('reads 1.1.1 with namespace prefixes', () => {
    const prefixed = `<?xml version="1.0"?>
      <ogc:WMT_MS_Capabilities version="1.1.1" xmlns:ogc="urn:example">
        <ogc:Service><ogc:Title>Prefixed</ogc:Title></ogc:Service>
        <ogc:Capability><ogc:Layer><ogc:Title>Root</ogc:Title>
          <ogc:LatLonBoundingBox minx="-10" miny="-5" maxx="10" maxy="5"/>
          <ogc:Layer><ogc:Name>a</ogc:Name></ogc:Layer>
        </ogc:Layer></ogc:Capability>
      </ogc:WMT_MS_Capabilities>`;
    const r = parseWmsCapabilities(prefixed, 'https://x.example/wms');
    expect(r.title).toBe('Prefixed');
    expect(r.layers).toEqual([{ name: 'a', title: 'a' }]);
    expect(r.extent).toEqual([-10, -5, 10, 5]);
  });

  it('takes the extent from the layers when the top layer has none, and clamps it', () => {
    const doc = `<WMS_Capabilities version="1.3.0"><Service><Title>T</Title></Service><Capability>
      <Layer><Title>Root</Title>
        <Layer><Name>a</Name><EX_GeographicBoundingBox><westBoundLongitude>-200</westBoundLongitude>
          <eastBoundLongitude>0</eastBoundLongitude><southBoundLatitude>-95</southBoundLatitude>
          <northBoundLatitude>10</northBoundLatitude></EX_GeographicBoundingBox></Layer>
        <Layer><Name>b</Name><EX_GeographicBoundingBox><westBoundLongitude>5</westBoundLongitude>
          <eastBoundLongitude>20</eastBoundLongitude><southBoundLatitude>0</southBoundLatitude>
          <northBoundLatitude>NaN</northBoundLatitude></EX_GeographicBoundingBox></Layer>
      </Layer></Capability></WMS_Capabilities>`;
    const r = parseWmsCapabilities(doc, 'https://x.example/wms');
    expect(r.extent).toEqual([-180, -90, 0, 10]);
  });

  it('caps the layer list', () => {
    const many = Array.from({ length: MAX_LAYERS + 10 }, (_, i) => `<Layer><Name>l${i}</Name></Layer>`).join(
      '',
    );
    const doc = `<WMS_Capabilities version="1.3.0"><Service><Title>Big</Title></Service><Capability><Layer>${many}</Layer></Capability></WMS_Capabilities>`;
    const r = parseWmsCapabilities(doc, 'https://x.example/wms');
    expect(r.layers).toHaveLength(MAX_LAYERS);
    expect(r.details).toMatchObject({ layerCount: MAX_LAYERS + 10, layersTruncated: true });
    expect(r.extent).toBeNull();
  });

  it('refuses a document that declares entities, saying so', () => {
    const bomb = `<?xml version="1.0"?>
      <!DOCTYPE WMS_Capabilities [
        <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
        <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
      ]>
      <WMS_Capabilities version="1.3.0"><Service><Title>&d;&d;&d;&d;</Title></Service>
      <Capability><Layer><Name>x</Name><Title>&d;</Title></Layer></Capability></WMS_Capabilities>`;
    expectNotThis(
      () => parseWmsCapabilities(bomb, 'https://x.example/wms'),
      'The document declares entities, which are not accepted.',
    );
  });

  it('refuses other documents', () => {
    const url = 'https://x.example/wms';
    expectNotThis(() => parseWmsCapabilities(wmts, url), 'This is not a WMS GetCapabilities document.');
    expectNotThis(() => parseWmsCapabilities(html, url), 'This is not a WMS GetCapabilities document.');
    expectNotThis(() => parseWmsCapabilities('', url));
    expectNotThis(() => parseWmsCapabilities('{"layers": []}', url));
    expectNotThis(() => parseWmsCapabilities('Service temporarily unavailable', url));
    expectNotThis(() => parseWmsCapabilities('<WMS_Capabilities version="1.3.0"/>', url));
  });

  it('quotes a service exception', () => {
    expectNotThis(
      () => parseWmsCapabilities(fixture('wms-exception.xml'), 'https://x.example/wms'),
      'The service answered with an error: No service: ( WMSX )',
    );
  });
});

describe('WMTS Capabilities', () => {
  it('reads layers, their union extent, tile matrix sets and layer options', () => {
    const r = parseWmtsCapabilities(wmts, 'https://tiles.alpine.example/wmts/1.0.0/WMTSCapabilities.xml');
    expect(r.title).toBe('Alpine Region Tiles');
    expect(r.layers).toEqual([
      { name: 'basemap_colour', title: 'Basemap (colour)' },
      { name: 'hillshade', title: 'Hillshade' },
    ]);
    expectExtent(r.extent, [5.5, 45.6, 11.0, 48.0]);
    expect(r.details).toMatchObject({
      version: '1.0.0',
      tileMatrixSets: ['GoogleMapsCompatible', 'WGS84'],
      tileMatrixSetCrs: {
        GoogleMapsCompatible: 'urn:ogc:def:crs:EPSG:6.18.3:3857',
        WGS84: 'urn:ogc:def:crs:EPSG::4326',
      },
      getTileUrl: 'https://tiles.alpine.example/wmts?',
    });
    expect(r.details?.layerOptions).toEqual([
      {
        name: 'basemap_colour',
        formats: ['image/png', 'image/jpeg'],
        styles: ['default'],
        defaultStyle: 'default',
        tileMatrixSets: ['GoogleMapsCompatible', 'WGS84'],
        resourceUrls: [
          {
            format: 'image/png',
            template:
              'https://tiles.alpine.example/wmts/basemap_colour/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png',
          },
        ],
      },
      {
        name: 'hillshade',
        formats: ['image/jpeg'],
        styles: ['default'],
        defaultStyle: 'default',
        tileMatrixSets: ['GoogleMapsCompatible'],
      },
    ]);
  });

  it('reads a document with prefixed WMTS elements and unprefixed OWS ones', () => {
    const doc = `<wmts:Capabilities xmlns:wmts="http://www.opengis.net/wmts/1.0" xmlns="http://www.opengis.net/ows/1.1" version="1.0.0">
      <ServiceIdentification><Title>Prefixed WMTS</Title><ServiceType>OGC WMTS</ServiceType></ServiceIdentification>
      <wmts:Contents><wmts:Layer><Title>Roads</Title><Identifier>roads</Identifier>
        <WGS84BoundingBox><LowerCorner>-1 -2</LowerCorner><UpperCorner>3 4</UpperCorner></WGS84BoundingBox>
        <wmts:Format>image/png</wmts:Format>
        <wmts:TileMatrixSetLink><wmts:TileMatrixSet>EPSG:3857</wmts:TileMatrixSet></wmts:TileMatrixSetLink>
      </wmts:Layer><wmts:TileMatrixSet><Identifier>EPSG:3857</Identifier></wmts:TileMatrixSet></wmts:Contents>
    </wmts:Capabilities>`;
    const r = parseWmtsCapabilities(doc, 'https://x.example/wmts');
    expect(r.title).toBe('Prefixed WMTS');
    expect(r.layers).toEqual([{ name: 'roads', title: 'Roads' }]);
    expect(r.extent).toEqual([-1, -2, 3, 4]);
    expect(r.details?.tileMatrixSets).toEqual(['EPSG:3857']);
  });

  it('refuses WMS, HTML, other OWS services and exception reports', () => {
    const url = 'https://x.example/wmts';
    expectNotThis(() => parseWmtsCapabilities(wms130, url), 'This is not a WMTS Capabilities document.');
    expectNotThis(() => parseWmtsCapabilities(html, url), 'This is not a WMTS Capabilities document.');
    const wcs = `<wcs:Capabilities xmlns:wcs="http://www.opengis.net/wcs/2.0" xmlns:ows="http://www.opengis.net/ows/2.0">
      <ows:ServiceIdentification><ows:Title>Coverages</ows:Title><ows:ServiceType>urn:ogc:service:wcs</ows:ServiceType></ows:ServiceIdentification>
      <wcs:Contents/></wcs:Capabilities>`;
    expectNotThis(() => parseWmtsCapabilities(wcs, url));
    const exception = `<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="1.1.0">
      <ows:Exception exceptionCode="InvalidParameterValue" locator="request">
        <ows:ExceptionText>Unknown request GetCapabilitie</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;
    expectNotThis(
      () => parseWmtsCapabilities(exception, url),
      'The service answered with an error: Unknown request GetCapabilitie',
    );
  });
});

describe('ArcGIS REST', () => {
  it('reads a MapServer in Web Mercator', () => {
    const r = parseArcgisMapServer(
      fixture('arcgis-mapserver-102100.json'),
      'https://gis.example/arcgis/rest/services/Hydro/Waterways/MapServer',
    );
    expect(r.title).toBe('Waterways of the Netherlands');
    expect(r.layers).toEqual([
      { name: '0', title: 'Water bodies' },
      { name: '1', title: 'Rivers' },
      { name: '2', title: 'Lakes' },
      { name: '3', title: 'Locks and weirs' },
    ]);
    expectExtent(r.extent, [3.31, 50.75, 7.23, 53.56], 3);
    expect(r.details).toMatchObject({
      kind: 'service',
      tiled: true,
      spatialReference: 3857,
      capabilities: 'Map,Query,Data',
      maxRecordCount: 2000,
    });
  });

  it('reads a MapServer in WGS84 with tables, titled by its map name', () => {
    const r = parseArcgisMapServer(
      fixture('arcgis-mapserver-4326.json'),
      'https://gis.example/arcgis/rest/services/Soil/MapServer',
    );
    expect(r.title).toBe('Soil survey');
    expect(r.layers).toEqual([
      { name: '0', title: 'Soil types' },
      { name: '1', title: 'Erosion risk' },
    ]);
    expect(r.extent).toEqual([11.87, 50.17, 15.04, 51.69]);
    expect(r.details).toMatchObject({
      tiled: false,
      spatialReference: 4326,
      tables: [{ name: '2', title: 'Soil profiles' }],
    });
  });

  it('reads a FeatureServer layer', () => {
    const r = parseArcgisFeatureServer(
      fixture('arcgis-featureserver-layer.json'),
      'https://services.example/arcgis/rest/services/Transit/FeatureServer/0',
    );
    expect(r.title).toBe('Bus stops');
    expect(r.layers).toEqual([{ name: '0', title: 'Bus stops' }]);
    expectExtent(r.extent, [10, 48, 11, 49], 3);
    expect(r.details).toMatchObject({
      kind: 'layer',
      layerId: 0,
      layerType: 'Feature Layer',
      geometryType: 'esriGeometryPoint',
      tiled: false,
    });
  });

  it('converts a national grid’s extent to degrees, and keeps an unknown one’s unknown', () => {
    const body = JSON.stringify({
      currentVersion: 11,
      serviceDescription: '',
      mapName: 'Layers',
      layers: [{ id: 0, name: 'Parcels' }],
      spatialReference: { wkid: 2056, latestWkid: 2056 },
      fullExtent: {
        xmin: 2485000,
        ymin: 1075000,
        xmax: 2834000,
        ymax: 1296000,
        spatialReference: { wkid: 2056 },
      },
    });
    const r = parseArcgisMapServer(
      body,
      'https://gis.example/arcgis/rest/services/Cadastre/Parcels/MapServer',
    );
    // Switzerland, in LV95.
    expectExtent(r.extent, [5.904, 45.787, 10.563, 47.816], 2);
    expect(r.details?.spatialReference).toBe(2056);
    // "Layers" is ArcGIS's default map name: the service's name in the URL says more.
    expect(r.title).toBe('Parcels');
    const unknown = body.replaceAll('2056', '99999');
    expect(
      parseArcgisMapServer(unknown, 'https://gis.example/arcgis/rest/services/X/MapServer').extent,
    ).toBeNull();
  });

  it('reads a FeatureServer service', () => {
    const body = JSON.stringify({
      currentVersion: 11.1,
      serviceDescription: 'Trees of the city',
      hasVersionedData: false,
      layers: [{ id: 0, name: 'Trees', geometryType: 'esriGeometryPoint' }],
      tables: [],
      spatialReference: { wkid: 4326 },
      initialExtent: { xmin: 1, ymin: 2, xmax: 3, ymax: 4, spatialReference: { wkid: 4326 } },
      fullExtent: { xmin: 'NaN', ymin: 'NaN', xmax: 'NaN', ymax: 'NaN' },
    });
    const r = parseArcgisFeatureServer(body, 'https://x.example/arcgis/rest/services/Trees/FeatureServer');
    expect(r.title).toBe('Trees of the city');
    expect(r.layers).toEqual([{ name: '0', title: 'Trees' }]);
    expect(r.extent).toEqual([1, 2, 3, 4]);
  });

  it('reports the ArcGIS error message', () => {
    expectNotThis(
      () =>
        parseArcgisMapServer(
          fixture('arcgis-error.json'),
          'https://x.example/arcgis/rest/services/A/MapServer',
        ),
      'The ArcGIS server answered with an error (499): Token Required',
    );
  });

  it('refuses other documents', () => {
    const url = 'https://x.example/arcgis/rest/services/A/MapServer';
    expectNotThis(() => parseArcgisMapServer(html, url), 'This is not an ArcGIS MapServer description.');
    expectNotThis(() => parseArcgisMapServer('{"type": "FeatureCollection", "features": []}', url));
    expectNotThis(() => parseArcgisMapServer('{not json', url));
    expectNotThis(() => parseArcgisMapServer('[1, 2]', url));
    expectNotThis(
      () => parseArcgisFeatureServer(wms130, url),
      'This is not an ArcGIS FeatureServer description.',
    );
    expectNotThis(
      () =>
        parseArcgisMapServer(
          fixture('arcgis-featureserver-layer.json'),
          'https://x.example/arcgis/rest/services/A/FeatureServer/0',
        ),
      'This is an ArcGIS FeatureServer, not a MapServer.',
    );
  });
});

describe('3D Tiles tileset.json', () => {
  it('reads a region in radians and names the tileset after its folder', () => {
    const r = parseTileset(
      fixture('3dtiles/city-buildings/tileset.json'),
      'https://cdn.example/3dtiles/city-buildings/tileset.json',
    );
    expect(r.title).toBe('city-buildings');
    expect(r.layers).toEqual([]);
    expectExtent(r.extent, [16.18, 48.11, 16.58, 48.33]);
    expect(r.details).toMatchObject({
      version: '1.0',
      tilesetVersion: '2024-03',
      boundingVolume: 'region',
      minHeight: 150,
      maxHeight: 450,
      geometricError: 512,
    });
  });

  it('places a box with a root transform', () => {
    const r = parseTileset(
      fixture('3dtiles/bridge-scan/tileset.json'),
      'https://cdn.example/bridge/tileset.json',
    );
    expect(r.title).toBe('Bridge scan 2024');
    const [w, s, e, n] = r.extent as Extent;
    expect((w + e) / 2).toBeCloseTo(8.5417, 3);
    expect((s + n) / 2).toBeCloseTo(47.3769, 3);
    // A box of 200 m × 160 m × 40 m: about a tenth of a kilometre each way.
    expect(n - s).toBeGreaterThan(0.0015);
    expect(n - s).toBeLessThan(0.005);
    expect(e - w).toBeGreaterThan(n - s);
    expect(r.details).toMatchObject({ version: '1.1', boundingVolume: 'box' });
  });

  it('places a sphere given in earth-centred coordinates', () => {
    // About (lon -122.4, lat 37.8) on the ellipsoid, radius 500 m, no transform.
    const body = JSON.stringify({
      asset: { version: '1.0' },
      geometricError: 100,
      root: { boundingVolume: { sphere: [-2706000.5, -4261000.3, 3886000.1, 500] }, geometricError: 10 },
    });
    const r = parseTileset(body, 'https://cdn.example/sf/tileset.json');
    expect(r.title).toBe('sf');
    const [w, s, e, n] = r.extent as Extent;
    expect((w + e) / 2).toBeCloseTo(-122.42, 1);
    expect((s + n) / 2).toBeCloseTo(37.77, 1);
  });

  it('has no extent for a box around the origin without a transform', () => {
    const body = JSON.stringify({
      asset: { version: '1.0' },
      geometricError: 100,
      root: { boundingVolume: { box: [0, 0, 10, 50, 0, 0, 0, 50, 0, 0, 0, 10] }, geometricError: 10 },
    });
    const r = parseTileset(body, 'https://cdn.example/models/local/tileset.json');
    expect(r.extent).toBeNull();
    expect(r.title).toBe('local');
  });

  it('refuses other documents', () => {
    const url = 'https://cdn.example/a/tileset.json';
    expectNotThis(
      () => parseTileset('{"asset": {}, "root": {}}', url),
      'This is not a 3D Tiles tileset.json.',
    );
    expectNotThis(() => parseTileset('{"asset": {"version": "1.0"}}', url));
    expectNotThis(() => parseTileset(fixture('terrain/layer.json'), url));
    expectNotThis(() => parseTileset(html, url));
  });
});

describe('GeoJSON', () => {
  it('reads a FeatureCollection', () => {
    const r = parseGeojson(fixture('parks.geojson'), 'https://data.example/city/parks.geojson');
    expect(r.title).toBe('City parks');
    expect(r.layers).toEqual([]);
    expectExtent(r.extent, [13.3655, 52.5088, 13.4102, 52.5244]);
    expect(r.details).toMatchObject({
      featureCount: 5,
      geometryTypes: { Polygon: 1, MultiPolygon: 1, Point: 1, LineString: 1 },
      crs: 'urn:ogc:def:crs:OGC:1.3:CRS84',
    });
  });

  it('reads a Feature and a bare geometry, titled by the file name', () => {
    const feature = JSON.stringify({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 2] },
          {
            type: 'LineString',
            coordinates: [
              [-3, 4],
              [5, -6],
            ],
          },
        ],
      },
    });
    const r = parseGeojson(feature, 'https://data.example/files/My%20route.json?token=x');
    expect(r.title).toBe('My route');
    expect(r.extent).toEqual([-3, -6, 5, 4]);
    expect(r.details).toMatchObject({ featureCount: 1 });

    const point = parseGeojson('{"type": "Point", "coordinates": [181, 45]}', 'https://data.example/p');
    expect(point.extent).toEqual([180, 45, 180, 45]);
    expect(point.title).toBe('p');
  });

  it('uses the bbox member when there are no coordinates', () => {
    const r = parseGeojson(
      '{"type": "FeatureCollection", "bbox": [1, 2, 3, 4], "features": []}',
      'https://data.example/empty.geojson',
    );
    expect(r.extent).toEqual([1, 2, 3, 4]);
    expect(r.details?.featureCount).toBe(0);
  });

  it('converts a declared Web Mercator crs, and gives up on undeclared projected coordinates', () => {
    const mercator = JSON.stringify({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1113194.9, 6106854.8] } },
      ],
    });
    expectExtent(parseGeojson(mercator, 'https://d.example/a.geojson').extent, [10, 48, 10, 48], 3);
    const projected = JSON.stringify({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [2600000, 1200000] },
    });
    const r = parseGeojson(projected, 'https://d.example/b.geojson');
    expect(r.extent).toBeNull();
    expect(r.details?.coordinatesNotInDegrees).toBe(true);
  });

  it('refuses other documents', () => {
    const url = 'https://data.example/x.geojson';
    expectNotThis(() => parseGeojson(html, url), 'This is not a GeoJSON document.');
    expectNotThis(() => parseGeojson('{"type": "Topology"}', url));
    expectNotThis(() => parseGeojson('{"type": "FeatureCollection"}', url));
    expectNotThis(() => parseGeojson(fixture('arcgis-error.json'), url));
    expectNotThis(() => parseGeojson('{"type": "FeatureCollection", "features": [', url));
  });
});

describe('Cesium terrain layer.json', () => {
  it('reads name, bounds, format, zoom levels and extensions', () => {
    const r = parseCesiumTerrain(fixture('terrain/layer.json'), 'https://terrain.example/alps/layer.json');
    expect(r.title).toBe('Alpine terrain 10 m');
    expect(r.extent).toEqual([5.5, 45.5, 11, 48]);
    expect(r.layers).toEqual([]);
    expect(r.details).toMatchObject({
      format: 'quantized-mesh-1.0',
      maxzoom: 5,
      extensions: ['octvertexnormals', 'metadata'],
      projection: 'EPSG:4326',
    });
  });

  it('falls back to a description or "Terrain", and no extent without bounds', () => {
    const r = parseCesiumTerrain(
      '{"tiles": ["{z}/{x}/{y}.terrain"], "format": "quantized-mesh-1.0"}',
      'https://t.example/layer.json',
    );
    expect(r.title).toBe('Terrain');
    expect(r.extent).toBeNull();
    const d = parseCesiumTerrain(
      '{"description": "DEM", "tiles": ["{z}/{x}/{y}.terrain"], "format": "heightmap-1.0"}',
      'https://t.example/layer.json',
    );
    expect(d.title).toBe('DEM');
  });

  it('refuses other documents', () => {
    const url = 'https://t.example/layer.json';
    expectNotThis(() => parseCesiumTerrain(html, url), 'This is not a Cesium terrain layer.json.');
    expectNotThis(() => parseCesiumTerrain('{"tiles": ["a"], "format": "png"}', url));
    expectNotThis(() => parseCesiumTerrain('{"format": "quantized-mesh-1.0"}', url));
    expectNotThis(() => parseCesiumTerrain(fixture('3dtiles/city-buildings/tileset.json'), url));
  });
});

describe('parseInspectAnswer', () => {
  it('dispatches on the type key', () => {
    expect(parseInspectAnswer('wms', wms130, 'https://x.example/ows').title).toBe(
      'Northshore Environmental Data',
    );
    expect(parseInspectAnswer('wmts', wmts, 'https://x.example/wmts').title).toBe('Alpine Region Tiles');
    expect(parseInspectAnswer('geojson', fixture('parks.geojson'), 'https://x.example/p.geojson').title).toBe(
      'City parks',
    );
    expect(
      parseInspectAnswer('cesium-terrain', fixture('terrain/layer.json'), 'https://x.example/layer.json')
        .title,
    ).toBe('Alpine terrain 10 m');
    expect(
      parseInspectAnswer('3dtiles', fixture('3dtiles/bridge-scan/tileset.json'), 'https://x/t.json').title,
    ).toBe('Bridge scan 2024');
    expect(
      parseInspectAnswer(
        'arcgis-featureserver',
        fixture('arcgis-featureserver-layer.json'),
        'https://x.example/arcgis/rest/services/T/FeatureServer/0',
      ).title,
    ).toBe('Bus stops');
    expect(
      parseInspectAnswer(
        'arcgis-mapserver',
        fixture('arcgis-mapserver-4326.json'),
        'https://x.example/arcgis/rest/services/S/MapServer',
      ).title,
    ).toBe('Soil survey');
  });

  it('has nothing to parse for XYZ tiles', () => {
    expectNotThis(() => parseInspectAnswer('xyz', '', 'https://tile.example/{z}/{x}/{y}.png'));
  });

  it('refuses every kind with an HTML error page', () => {
    const kinds = [
      'wms',
      'wmts',
      'arcgis-mapserver',
      'arcgis-featureserver',
      '3dtiles',
      'geojson',
      'cesium-terrain',
    ] as const;
    for (const kind of kinds) expectNotThis(() => parseInspectAnswer(kind, html, 'https://x.example/a'));
  });
});

describe('inspectRequestUrl', () => {
  it('asks a WMS for its capabilities, keeping other parameters', () => {
    expect(inspectRequestUrl('wms', 'https://x.example/wms')).toBe(
      'https://x.example/wms?SERVICE=WMS&REQUEST=GetCapabilities',
    );
    expect(inspectRequestUrl('wms', 'https://x.example/ows?map=/maps/a.map&key=a%2Cb#frag')).toBe(
      'https://x.example/ows?map=/maps/a.map&key=a%2Cb&SERVICE=WMS&REQUEST=GetCapabilities',
    );
    expect(
      inspectRequestUrl('wms', 'https://x.example/wms?service=wms&Request=GetMap&layers=a,b&VERSION=1.1.1'),
    ).toBe('https://x.example/wms?service=WMS&Request=GetCapabilities&layers=a,b&VERSION=1.1.1');
    expect(inspectRequestUrl('wms', 'https://x.example/wms?SERVICE=WMS&service=WMS&')).toBe(
      'https://x.example/wms?SERVICE=WMS&REQUEST=GetCapabilities',
    );
  });

  it('asks a WMTS for its capabilities unless the URL is the capabilities file', () => {
    expect(inspectRequestUrl('wmts', 'https://x.example/wmts?token=abc')).toBe(
      'https://x.example/wmts?token=abc&SERVICE=WMTS&REQUEST=GetCapabilities',
    );
    expect(inspectRequestUrl('wmts', 'https://x.example/wmts/1.0.0/WMTSCapabilities.xml')).toBe(
      'https://x.example/wmts/1.0.0/WMTSCapabilities.xml',
    );
  });

  it('asks ArcGIS for JSON', () => {
    expect(inspectRequestUrl('arcgis-mapserver', 'https://x.example/arcgis/rest/services/A/MapServer')).toBe(
      'https://x.example/arcgis/rest/services/A/MapServer?f=json',
    );
    expect(
      inspectRequestUrl(
        'arcgis-featureserver',
        'https://x.example/arcgis/rest/services/A/FeatureServer/0?F=pjson&token=t',
      ),
    ).toBe('https://x.example/arcgis/rest/services/A/FeatureServer/0?F=json&token=t');
  });

  it('appends layer.json to a terrain URL', () => {
    expect(inspectRequestUrl('cesium-terrain', 'https://t.example/terrain')).toBe(
      'https://t.example/terrain/layer.json',
    );
    expect(inspectRequestUrl('cesium-terrain', 'https://t.example/terrain/?v=2')).toBe(
      'https://t.example/terrain/layer.json?v=2',
    );
    expect(inspectRequestUrl('cesium-terrain', 'https://t.example/terrain/layer.json')).toBe(
      'https://t.example/terrain/layer.json',
    );
  });

  it('fetches 3D Tiles and GeoJSON as given, and nothing for XYZ', () => {
    expect(inspectRequestUrl('3dtiles', 'https://c.example/a/tileset.json?key=1')).toBe(
      'https://c.example/a/tileset.json?key=1',
    );
    expect(inspectRequestUrl('geojson', 'https://c.example/a.geojson')).toBe('https://c.example/a.geojson');
    expect(inspectRequestUrl('xyz', 'https://tile.example/{z}/{x}/{y}.png')).toBeNull();
  });
});
