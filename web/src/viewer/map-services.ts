/**
 * What the product asks of the map services it draws (WMS, WMTS, ArcGIS), in one place:
 * the map's layers (layers/imagery.ts, layers/features.ts) and the legends
 * (features/viewer/legend.ts) build their requests here. No Cesium: the screens import
 * it too, and Cesium is a chunk of its own. Cesium's providers fill in the tile
 * requests themselves (GetMap's BBOX and size, GetTile's matrix, row and column) from
 * what these functions give them.
 */

import type { LayerTemplate } from '@geows/contract';
import type { LayerConfigs } from './layer-config';

/** The layer names of a comma-separated list (WMS `layers`, ArcGIS `show:1,2` or `1,2`). */
export const layerNames = (value: string | undefined): string[] =>
  (value ?? '')
    .replace(/^\w+:/, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The sub-layers drawn: the template's choice (as inspect names them), else the source's. */
const chosenLayers = (template: LayerTemplate, ofSource: string) => template.layers ?? ofSource;

/** The address with these query parameters set, keeping the others (a proxied or relative address too). */
export function withQuery(url: string, parameters: Record<string, string>, base: string): string {
  const address = new URL(url, base);
  for (const [key, value] of Object.entries(parameters)) address.searchParams.set(key, value);
  // Relative addresses (this server's proxy) stay relative.
  return /^[a-z][\w+.-]*:/i.test(url) ? address.href : `${address.pathname}${address.search}`;
}

/** The address without its query and trailing slashes: where an ArcGIS service's operations hang. */
const servicePath = (url: string) => (url.split('?')[0] ?? '').replace(/\/+$/, '');

// WMS

/**
 * A WMS layer's GetMap (and GetFeatureInfo) requests, as Cesium's WMS provider takes
 * them: the source's settings, its extra parameters, then the template's. Geographic
 * coordinates both ways: 1.3.0 names them `crs`, 1.1.1 `srs`.
 */
export function wmsRequests(config: LayerConfigs['wms'], template: LayerTemplate) {
  return {
    url: config.url,
    layers: chosenLayers(template, config.layers),
    parameters: {
      format: config.format,
      transparent: config.transparent,
      version: config.version,
      ...config.parameters,
      ...template.parameters,
    },
    ...(config.version === '1.3.0' ? { crs: 'EPSG:4326' } : { srs: 'EPSG:4326' }),
    // Without it Cesium asks GetFeatureInfo as 1.1.1 with a 1.3.0 bounding box.
    getFeatureInfoParameters: { version: config.version },
  };
}

/** A WMS layer's legend: a GetLegendGraphic image per drawn sub-layer. */
export function wmsLegendGraphics(
  config: LayerConfigs['wms'],
  template: LayerTemplate,
  base: string,
): { title: string; url: string }[] {
  return layerNames(chosenLayers(template, config.layers)).map((name) => ({
    title: name,
    url: withQuery(
      config.url,
      {
        SERVICE: 'WMS',
        REQUEST: 'GetLegendGraphic',
        VERSION: config.version,
        FORMAT: 'image/png',
        LAYER: name,
        // Old servers ask for it; an empty style is the layer's default.
        STYLE: '',
        SLD_VERSION: '1.1.0',
      },
      base,
    ),
  }));
}

// WMTS

/** Tile matrix sets in Web Mercator (Google's, EPSG:3857 and its older 900913); any other is taken as geographic. */
const webMercatorSets = /google|3857|900913|webmercator/i;

/**
 * A WMTS layer's tiles, as Cesium's WMTS provider takes them. An address with
 * `{TileMatrixSet}`, `{TileMatrix}`, `{TileRow}`, `{TileCol}` (and `{Style}`) is a RESTful
 * template Cesium fills in; any other is a KVP endpoint it sends GetTile requests to.
 */
export function wmtsTiles(config: LayerConfigs['wmts'], template: LayerTemplate) {
  return {
    url: config.url,
    layer: chosenLayers(template, config.layer),
    style: config.style,
    tileMatrixSetID: config.tileMatrixSetID,
    format: config.format,
    webMercator: webMercatorSets.test(config.tileMatrixSetID),
  };
}

// ArcGIS

/** An ArcGIS map service's image options: its token (when the viewer has one) and the sub-layers shown. */
export function arcgisMapServerOptions(config: LayerConfigs['arcgis-mapserver'], template: LayerTemplate) {
  const layers = chosenLayers(template, config.layers);
  return { ...(config.token ? { token: config.token } : {}), ...(layers ? { layers } : {}) };
}

/** An ArcGIS map service's legend (JSON, its symbols as base64 images), and the layer ids to show of it. */
export function arcgisLegend(
  config: LayerConfigs['arcgis-mapserver'],
  template: LayerTemplate,
  base: string,
): { url: string; layers?: string[] } {
  const url = withQuery(
    `${servicePath(config.url)}/legend`,
    { f: 'json', ...(config.token ? { token: config.token } : {}) },
    base,
  );
  const layers = layerNames(chosenLayers(template, config.layers));
  return { url, ...(layers.length > 0 ? { layers } : {}) };
}

/**
 * An ArcGIS feature layer's query for its features (the source's `where`) as GeoJSON in
 * WGS84. A FeatureServer's address names no layer: the template's, else its first.
 */
export function featureServerQuery(
  config: LayerConfigs['arcgis-featureserver'],
  template: LayerTemplate,
): string {
  const base = config.url.replace(/\/+$/, '');
  const layer = /\/FeatureServer$/i.test(base) ? `/${template.layers ?? '0'}` : '';
  const query = new URLSearchParams({ where: config.where, outFields: '*', outSR: '4326', f: 'geojson' });
  return `${base}${layer}/query?${query}`;
}
