import { parseArcgisFeatureServer, parseArcgisMapServer } from './arcgis.js';
import { parseCesiumTerrain } from './cesium-terrain.js';
import { parseGeojson } from './geojson.js';
import { type InspectResult, NotThisTypeError } from './inspect-result.js';
import type { InspectTypeKey } from './request-url.js';
import { parseTileset } from './tiles3d.js';
import { parseWcsCapabilities } from './wcs.js';
import { parseWmsCapabilities } from './wms.js';
import { parseWmtsCapabilities } from './wmts.js';
import { decodeXmlBytes } from './xml-encoding.js';

const XML_KINDS: ReadonlySet<InspectTypeKey> = new Set(['wms', 'wmts', 'wcs']);

/**
 * `parseInspectAnswer` on the answer's bytes: an XML document in the encoding it declares
 * (xml-encoding.ts); JSON is UTF-8 (RFC 8259). `contentType`: the answer's header.
 */
export function parseInspectBytes(
  typeKey: InspectTypeKey,
  bytes: Uint8Array,
  url: string,
  contentType?: string,
): InspectResult {
  const text = XML_KINDS.has(typeKey)
    ? decodeXmlBytes(bytes, contentType)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return parseInspectAnswer(typeKey, text, url);
}

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
    case 'wcs':
      return parseWcsCapabilities(body, url);
    case 'xyz':
      throw new NotThisTypeError('XYZ tile services have no capabilities document to inspect.');
    case 'geotiff':
      throw new NotThisTypeError('A GeoTIFF has no capabilities document to inspect.');
    default: {
      const unknown: never = typeKey;
      throw new NotThisTypeError(`Unknown data source type: ${String(unknown)}.`);
    }
  }
}
