/**
 * Parsers for `POST /api/datasources/inspect`: which URL to fetch for a data source
 * type, and what the answer says (title, extent in degrees, sub-layers, details).
 */
export { parseArcgisFeatureServer, parseArcgisMapServer, parseArcgisService } from './arcgis.js';
export { parseCesiumTerrain } from './cesium-terrain.js';
export { parseGeojson } from './geojson.js';
export { type Extent, type InspectResult, MAX_LAYERS, NotThisTypeError } from './inspect-result.js';
export { parseInspectAnswer } from './parse-answer.js';
export { type InspectParser, inspectParser } from './parse-off-thread.js';
export { type InspectTypeKey, inspectRequestUrl } from './request-url.js';
export { parseTileset } from './tiles3d.js';
export { parseWmsCapabilities } from './wms.js';
export { parseWmtsCapabilities, type WmtsLayerOptions } from './wmts.js';
