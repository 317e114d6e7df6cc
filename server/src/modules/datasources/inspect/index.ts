/**
 * Parsers for `POST /api/datasources/inspect`: which URL to fetch for a data source
 * type, and what the answer says (title, extent in degrees, sub-layers, details).
 */
import { parseArcgisFeatureServer, parseArcgisMapServer } from './arcgis.js';
import { parseCesiumTerrain } from './cesium-terrain.js';
import { parseGeojson } from './geojson.js';
import { type InspectResult, NotThisTypeError } from './inspect-result.js';
import type { InspectTypeKey } from './request-url.js';
import { parseTileset } from './tiles3d.js';
import { parseWmsCapabilities } from './wms.js';
import { parseWmtsCapabilities } from './wmts.js';

export { parseArcgisFeatureServer, parseArcgisMapServer, parseArcgisService } from './arcgis.js';
export { parseCesiumTerrain } from './cesium-terrain.js';
export { parseGeojson } from './geojson.js';
export { type Extent, type InspectResult, MAX_LAYERS, NotThisTypeError } from './inspect-result.js';
export { type InspectTypeKey, inspectRequestUrl } from './request-url.js';
export { parseTileset } from './tiles3d.js';
export { parseWmsCapabilities } from './wms.js';
export { parseWmtsCapabilities, type WmtsLayerOptions } from './wmts.js';

/**
 * Describes `body`, the answer fetched from `inspectRequestUrl(typeKey, url)`. Throws
 * `NotThisTypeError` (a short sentence for the user) when it is not of that type,
 * or is the service's error answer.
 */
export function parseInspectAnswer(typeKey: InspectTypeKey, body: string, url: string): InspectResult {
  switch (typeKey) {
    case 'wms':
      return parseWmsCapabilities(body, url);
    case 'wmts':
      return parseWmtsCapabilities(body, url);
    case 'arcgis-mapserver':
      return parseArcgisMapServer(body, url);
    case 'arcgis-featureserver':
      return parseArcgisFeatureServer(body, url);
    case '3dtiles':
      return parseTileset(body, url);
    case 'geojson':
      return parseGeojson(body, url);
    case 'cesium-terrain':
      return parseCesiumTerrain(body, url);
    case 'xyz':
      throw new NotThisTypeError('XYZ tile services have no capabilities document to inspect.');
    default: {
      const unknown: never = typeKey;
      throw new NotThisTypeError(`Unknown data source type: ${String(unknown)}.`);
    }
  }
}
