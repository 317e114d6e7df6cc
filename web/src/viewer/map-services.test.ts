import { describe, expect, it } from 'vitest';
import { type LayerKind, readViewerSource, type ViewerSource } from './layer-config';
import {
  arcgisLegend,
  arcgisMapServerOptions,
  featureServerQuery,
  layerNames,
  withQuery,
  wmsLegendGraphics,
  wmsRequests,
  wmtsTiles,
} from './map-services';

/** A source as the viewer reads it: the contract's defaults filled in. */
function sourceOf(kind: LayerKind, config: Record<string, unknown>): ViewerSource {
  const read = readViewerSource(kind, config);
  if (!read.ok) throw new Error(read.unsupported ? kind : read.message);
  return read.source;
}
const wms = (config: Record<string, unknown>) => {
  const source = sourceOf('wms', config);
  if (source.kind !== 'wms') throw new Error('not a WMS');
  return source.config;
};
const wmts = (config: Record<string, unknown>) => {
  const source = sourceOf('wmts', config);
  if (source.kind !== 'wmts') throw new Error('not a WMTS');
  return source.config;
};
const mapServer = (config: Record<string, unknown>) => {
  const source = sourceOf('arcgis-mapserver', config);
  if (source.kind !== 'arcgis-mapserver') throw new Error('not a map service');
  return source.config;
};
const featureServer = (config: Record<string, unknown>) => {
  const source = sourceOf('arcgis-featureserver', config);
  if (source.kind !== 'arcgis-featureserver') throw new Error('not a feature service');
  return source.config;
};

const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost/').searchParams);

describe('WMS requests', () => {
  it('asks GetMap in the source’s version and format, with its and then the template’s parameters', () => {
    const config = wms({
      url: 'https://maps.example/wms',
      layers: 'dikes',
      parameters: { styles: 'red', time: '2023' },
    });
    expect(wmsRequests(config, { parameters: { time: '2024' } })).toEqual({
      url: 'https://maps.example/wms',
      layers: 'dikes',
      parameters: { format: 'image/png', transparent: true, version: '1.3.0', styles: 'red', time: '2024' },
      crs: 'EPSG:4326',
      getFeatureInfoParameters: { version: '1.3.0', styles: 'red', time: '2024' },
      webMercator: false,
    });
  });

  it('names the coordinates srs in 1.1.1, and asks GetFeatureInfo in 1.1.1 too', () => {
    const config = wms({ url: 'https://x/wms', layers: 'a', version: '1.1.1', format: 'image/jpeg' });
    const requests = wmsRequests(config, { layers: 'b' });
    expect(requests).toMatchObject({
      layers: 'b',
      srs: 'EPSG:4326',
      getFeatureInfoParameters: { version: '1.1.1' },
    });
    expect(requests).not.toHaveProperty('crs');
    expect(requests.parameters).toMatchObject({ format: 'image/jpeg', version: '1.1.1' });
  });

  it('takes a VERSION among the parameters as the version, whatever its case', () => {
    const config = wms({ url: 'https://x/wms', layers: 'a', parameters: { VERSION: '1.1.1' } });
    const requests = wmsRequests(config, {});
    expect(requests).toMatchObject({ srs: 'EPSG:4326', getFeatureInfoParameters: { version: '1.1.1' } });
    expect(requests.parameters).toEqual({ format: 'image/png', transparent: true, version: '1.1.1' });
  });

  it('tiles in Web Mercator when the parameters ask for it, as SRS or CRS by version', () => {
    const old = wmsRequests(
      wms({ url: 'https://x/wms', layers: 'a', version: '1.1.1', parameters: { SRS: 'epsg:900913' } }),
      {},
    );
    expect(old).toMatchObject({ srs: 'EPSG:900913', webMercator: true });
    expect(old.parameters).not.toHaveProperty('srs');
    const current = wmsRequests(
      wms({ url: 'https://x/wms', layers: 'a', parameters: { crs: 'EPSG:3857' } }),
      {},
    );
    expect(current).toMatchObject({ crs: 'EPSG:3857', webMercator: true });
  });

  it('asks in EPSG:4326 for a coordinate system the globe cannot be tiled in', () => {
    const config = wms({ url: 'https://x/wms', layers: 'a', parameters: { CRS: 'EPSG:28992' } });
    expect(wmsRequests(config, {})).toMatchObject({ crs: 'EPSG:4326', webMercator: false });
  });

  it('drops the request keys of a pasted GetCapabilities address, keeping its other parameters and styles', () => {
    const config = wms({
      url: 'https://x/cgi-bin/mapserv?map=/maps/roads.map&SERVICE=WMS&request=GetCapabilities&Version=1.3.0&STYLES=dark',
      layers: 'a',
      version: '1.1.1',
    });
    const requests = wmsRequests(config, {});
    expect(requests.url).toBe('https://x/cgi-bin/mapserv?map=/maps/roads.map');
    expect(requests.parameters).toMatchObject({ version: '1.1.1', styles: 'dark' });
    expect(wmsRequests(wms({ url: 'https://x/wms?', layers: 'a' }), {}).url).toBe('https://x/wms');
  });

  it('builds a GetLegendGraphic address per drawn layer, keeping the address’s own parameters', () => {
    const config = wms({ url: 'https://maps.example/wms?map=dikes', layers: 'dikes, levees' });
    const graphics = wmsLegendGraphics(config, {}, 'http://localhost/');
    expect(graphics.map((g) => g.title)).toEqual(['dikes', 'levees']);
    expect(graphics[1]?.url.startsWith('https://maps.example/wms?')).toBe(true);
    expect(query(graphics[1]?.url ?? '')).toEqual({
      map: 'dikes',
      SERVICE: 'WMS',
      REQUEST: 'GetLegendGraphic',
      VERSION: '1.3.0',
      FORMAT: 'image/png',
      LAYER: 'levees',
      STYLE: '',
      SLD_VERSION: '1.1.0',
    });
  });

  it('asks a 1.1.1 legend in 1.1.1, once per key, per workspace-prefixed layer in its own style', () => {
    const config = wms({
      url: 'https://geo.example/geoserver/wms?request=GetCapabilities&version=1.3.0',
      layers: 'topp:states,topp:roads',
      version: '1.1.1',
      parameters: { STYLES: 'population,' },
    });
    const urls = wmsLegendGraphics(config, {}, 'http://localhost/').map((graphic) => new URL(graphic.url));
    expect(urls.map((url) => url.searchParams.get('LAYER'))).toEqual(['topp:states', 'topp:roads']);
    expect(urls.map((url) => url.searchParams.get('STYLE'))).toEqual(['population', '']);
    for (const url of urls) {
      expect([...url.searchParams.keys()].map((key) => key.toLowerCase()).sort()).toEqual([
        'format',
        'layer',
        'request',
        'service',
        'sld_version',
        'style',
        'version',
      ]);
      expect(url.searchParams.get('VERSION')).toBe('1.1.1');
      expect(url.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    }
  });

  it('keeps this server’s proxy addresses relative', () => {
    const config = wms({ url: '/api/layers/4/proxy/abc.def/wms', layers: 'a' });
    expect(wmsLegendGraphics(config, {}, 'https://geo.example/')[0]?.url).toMatch(
      /^\/api\/layers\/4\/proxy\/abc\.def\/wms\?SERVICE=WMS&REQUEST=GetLegendGraphic&/,
    );
  });
});

describe('WMTS tiles', () => {
  it('passes a RESTful template through, with the template’s layer and Web Mercator for Google’s matrix set', () => {
    const url = 'https://tiles.example/wmts/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png';
    const config = wmts({ url, layer: 'roads', tileMatrixSetID: 'GoogleMapsCompatible' });
    expect(wmtsTiles(config, { layers: 'rivers' })).toEqual({
      url,
      layer: 'rivers',
      style: 'default',
      tileMatrixSetID: 'GoogleMapsCompatible',
      format: 'image/png',
      webMercator: true,
    });
  });

  it('takes other matrix sets as geographic', () => {
    for (const [set, mercator] of [
      ['EPSG:3857', true],
      ['EPSG:900913', true],
      ['WebMercatorQuad', true],
      ['EPSG:4326', false],
      ['WGS84', false],
    ] as const) {
      const config = wmts({ url: 'https://x/wmts', layer: 'a', tileMatrixSetID: set });
      expect(wmtsTiles(config, {}).webMercator, set).toBe(mercator);
    }
  });
});

describe('ArcGIS requests', () => {
  it('shows the template’s sub-layers, else the source’s, else the service’s own choice', () => {
    const config = mapServer({ url: 'https://gis.example/MapServer', layers: 'show:1' });
    expect(arcgisMapServerOptions(config, {})).toEqual({ layers: 'show:1' });
    expect(arcgisMapServerOptions(config, { layers: '2,3' })).toEqual({ layers: '2,3' });
    expect(arcgisMapServerOptions(mapServer({ url: 'https://gis.example/MapServer' }), {})).toEqual({});
  });

  it('reads the legend beside the service, with its token, dropping the address’s query', () => {
    const config = mapServer({
      url: 'https://gis.example/arcgis/rest/services/Parks/MapServer/?f=json',
      token: 't0k',
      layers: 'show:0,2',
    });
    expect(arcgisLegend(config, {}, 'http://localhost/')).toEqual({
      url: 'https://gis.example/arcgis/rest/services/Parks/MapServer/legend?f=json&token=t0k',
      layers: ['0', '2'],
    });
  });

  it('queries every feature of the chosen layer as WGS84 GeoJSON, with the source’s filter', () => {
    const service = featureServer({ url: 'https://gis.example/Parks/FeatureServer/' });
    const url = new URL(featureServerQuery(service, { layers: '3' }));
    expect(url.pathname).toBe('/Parks/FeatureServer/3/query');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      where: '1=1',
      outFields: '*',
      outSR: '4326',
      f: 'geojson',
    });
    // An address naming a layer is queried as is; the first layer when none is chosen.
    const layer = featureServer({ url: 'https://gis.example/Parks/FeatureServer/1', where: "type='A'" });
    expect(featureServerQuery(layer, { layers: '3' })).toMatch(
      /^https:\/\/gis\.example\/Parks\/FeatureServer\/1\/query\?where=type%3D%27A%27&/,
    );
    expect(featureServerQuery(service, {})).toContain('/FeatureServer/0/query?');
  });
});

describe('helpers', () => {
  it('reads layer lists with or without an ArcGIS prefix', () => {
    expect(layerNames('show:0, 2')).toEqual(['0', '2']);
    expect(layerNames(' a ,, b ')).toEqual(['a', 'b']);
    expect(layerNames(undefined)).toEqual([]);
  });

  it('sets query parameters on absolute and relative addresses', () => {
    expect(withQuery('https://x/a?b=1', { c: '2', b: '3' }, 'http://localhost/')).toBe('https://x/a?b=3&c=2');
    expect(withQuery('/api/x?b=1', { c: '2' }, 'https://geo.example/')).toBe('/api/x?b=1&c=2');
  });
});
