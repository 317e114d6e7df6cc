/**
 * Query keys of a WMS request that the map sets itself (GetMap, GetFeatureInfo, the legend).
 * Left in a source's address — a GetCapabilities address pasted whole — they would go out
 * twice, and a server reading the first would answer `REQUEST=GetCapabilities` or another
 * version: the web leaves them out of the addresses it builds, and the layer proxy out of
 * the source's part of a proxied request (lower case; compare keys lower-cased).
 */
export const wmsRequestKeys: ReadonlySet<string> = new Set([
  'service',
  'request',
  'version',
  'layers',
  'styles',
  'format',
  'transparent',
  'srs',
  'crs',
  'bbox',
  'width',
  'height',
  'query_layers',
  'info_format',
  'i',
  'j',
  'x',
  'y',
]);
