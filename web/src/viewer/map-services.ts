/**
 * What the product asks of the map services it draws (WMS, WMTS, ArcGIS), in one place:
 * the map's layers (layers/imagery.ts, layers/features.ts) and the legends
 * (features/viewer/legend.ts) build their requests here. No Cesium: the screens import
 * it too, and Cesium is a chunk of its own. Cesium's providers fill in the tile
 * requests themselves (GetMap's BBOX and size, GetTile's matrix, row and column) from
 * what these functions give them.
 */

import { type LayerTemplate, wmsRequestKeys } from '@geows/contract';
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

/** Codes of Web Mercator, which a map service may name instead of EPSG:3857. */
const webMercatorCodes = /^EPSG:(3857|900913|3785|102100|102113)$/i;

/** Keys lower-cased as Cesium sends them, so that a `VERSION` among the parameters replaces `version`. */
const lowerKeys = (parameters: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key.toLowerCase(), value]));

/**
 * The source's address without the query keys the map sets, and the `styles` its query
 * asked for (the version is the source's own field). A relative address (this server's
 * proxy) has no query: the proxy adds the source's.
 */
function wmsAddress(url: string): { url: string; asked: Record<string, string> } {
  const [path = '', query] = url.split('#')[0]?.split(/\?(.*)/s) ?? [];
  if (query === undefined) return { url, asked: {} };
  const kept: string[] = [];
  const asked: Record<string, string> = {};
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const [rawKey = '', rawValue = ''] = piece.split(/=(.*)/s);
    const key = decodeQuery(rawKey).toLowerCase();
    if (!wmsRequestKeys.has(key)) kept.push(piece);
    else if (key === 'styles') asked.styles = decodeQuery(rawValue);
  }
  return { url: kept.length > 0 ? `${path}?${kept.join('&')}` : path, asked };
}

function decodeQuery(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** WMS layer names as written: `workspace:name` is one name (not ArcGIS's `show:` prefix). */
const wmsLayerNames = (value: string) =>
  value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * What every request to a WMS layer says: the address, the sub-layers, the version (the
 * source's, unless its parameters name one), the coordinate system, and the
 * other parameters (the source's address, then its parameters, then the template's).
 * Geographic unless the parameters ask for Web Mercator (an `SRS` or `CRS` of
 * EPSG:3857 and its aliases): the globe can be tiled in no other.
 */
function wmsSettings(config: LayerConfigs['wms'], template: LayerTemplate) {
  const address = wmsAddress(config.url);
  const {
    version = config.version,
    srs,
    crs,
    ...others
  } = lowerKeys({ ...address.asked, ...config.parameters, ...template.parameters });
  const asked = String(crs ?? srs ?? '');
  const webMercator = webMercatorCodes.test(asked);
  return {
    url: address.url,
    layers: chosenLayers(template, config.layers),
    version: String(version),
    coordinates: webMercator ? asked.toUpperCase() : 'EPSG:4326',
    webMercator,
    others,
  };
}

/** 1.3.0 and later name the coordinate system `CRS` and order EPSG:4326 latitude first (Cesium's own test). */
const isWms13 = (version: string) => Number.parseFloat(version) >= 1.3;

/**
 * A WMS layer's GetMap and GetFeatureInfo requests, as Cesium's WMS provider takes them.
 * Cesium writes BBOX in the order the version and coordinate system want: 1.1.1 asks
 * `SRS=EPSG:4326` with longitude first; 1.3.0 asks `CRS=EPSG:4326` with latitude first;
 * Web Mercator is x, y in both. `webMercator` tells the adapter to tile the globe so.
 */
export function wmsRequests(config: LayerConfigs['wms'], template: LayerTemplate) {
  const { url, layers, version, coordinates, webMercator, others } = wmsSettings(config, template);
  return {
    url,
    layers,
    parameters: { format: config.format, transparent: config.transparent, ...others, version },
    ...(isWms13(version) ? { crs: coordinates } : { srs: coordinates }),
    // Cesium asks GetFeatureInfo in 1.1.1 unless told, which with a 1.3.0 BBOX finds nothing.
    // STYLES belongs to a GetFeatureInfo's map part too, and strict servers want it.
    getFeatureInfoParameters: { styles: '', ...others, version },
    webMercator,
  };
}

/** A WMS layer's legend: a GetLegendGraphic image per drawn sub-layer, in its style. */
export function wmsLegendGraphics(
  config: LayerConfigs['wms'],
  template: LayerTemplate,
  base: string,
): { title: string; url: string }[] {
  const { url, layers, version, others } = wmsSettings(config, template);
  const styles = String(others.styles ?? '').split(',');
  return wmsLayerNames(layers).map((name, index) => ({
    title: name,
    url: withQuery(
      url,
      {
        SERVICE: 'WMS',
        REQUEST: 'GetLegendGraphic',
        VERSION: version,
        FORMAT: 'image/png',
        LAYER: name,
        // Old servers ask for it; an empty style is the layer's default.
        STYLE: styles[index]?.trim() ?? '',
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
