import {
  cleanText,
  type InspectResult,
  NotThisTypeError,
  normalizeExtent,
  parseJsonObject,
  toNumber,
} from './inspect-result.js';

const NOT_TERRAIN = 'This is not a Cesium terrain layer.json.';

/** Reads a Cesium terrain `layer.json` (quantized-mesh or heightmap tiles). */
export function parseCesiumTerrain(body: string, _url: string): InspectResult {
  const json = parseJsonObject(body, NOT_TERRAIN);
  const format = typeof json.format === 'string' ? json.format.trim() : '';
  if (
    !Array.isArray(json.tiles) ||
    !json.tiles.some((t) => typeof t === 'string') ||
    !(format.startsWith('quantized-mesh') || format.startsWith('heightmap'))
  ) {
    throw new NotThisTypeError(NOT_TERRAIN);
  }

  const bounds = Array.isArray(json.bounds) ? json.bounds : [];
  const extent = bounds.length >= 4 ? normalizeExtent(bounds[0], bounds[1], bounds[2], bounds[3]) : null;

  const details: Record<string, unknown> = { format };
  const version = cleanText(json.version, 50);
  if (version) details.version = version;
  if (Array.isArray(json.available)) details.maxzoom = json.available.length - 1;
  else {
    const maxzoom = toNumber(json.maxzoom);
    if (maxzoom !== undefined) details.maxzoom = maxzoom;
  }
  const minzoom = toNumber(json.minzoom);
  if (minzoom !== undefined) details.minzoom = minzoom;
  details.extensions = Array.isArray(json.extensions)
    ? json.extensions.filter((e) => typeof e === 'string').slice(0, 50)
    : [];
  for (const key of ['projection', 'scheme', 'attribution'] as const) {
    const value = cleanText(json[key], 1000);
    if (value) details[key] = value;
  }

  const title = cleanText(json.name) ?? cleanText(json.description) ?? 'Terrain';
  return { title, extent, layers: [], details };
}
