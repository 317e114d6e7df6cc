import { mercatorToLonLat } from './geo.js';
import {
  cleanText,
  type Extent,
  hostOf,
  type InspectResult,
  isRecord,
  NotThisTypeError,
  normalizeExtent,
  parseJsonObject,
  pathSegments,
  toNumber,
} from './inspect-result.js';

const NOT_GEOJSON = 'This is not a GeoJSON document.';

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

/** Running bounds over positions. */
class Bounds {
  west = Number.POSITIVE_INFINITY;
  south = Number.POSITIVE_INFINITY;
  east = Number.NEGATIVE_INFINITY;
  north = Number.NEGATIVE_INFINITY;
  add(x: number, y: number) {
    if (x < this.west) this.west = x;
    if (x > this.east) this.east = x;
    if (y < this.south) this.south = y;
    if (y > this.north) this.north = y;
  }
  get empty() {
    return this.west > this.east;
  }
}

function addPosition(position: unknown[], bounds: Bounds) {
  const x = position[0];
  const y = position[1];
  if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y))
    bounds.add(x, y);
}

/** Adds every position under `coordinates` (nested arrays of any depth), without recursion. */
function addCoordinates(coordinates: unknown, bounds: Bounds) {
  const stack: unknown[] = [coordinates];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!Array.isArray(value) || value.length === 0) continue;
    if (typeof value[0] === 'number') {
      addPosition(value, bounds);
      continue;
    }
    for (const item of value) {
      // Positions are added at once; only deeper arrays go on the stack.
      if (Array.isArray(item) && typeof item[0] === 'number') addPosition(item, bounds);
      else stack.push(item);
    }
  }
}

/** Adds a geometry's positions and counts its type. */
function addGeometry(geometry: unknown, bounds: Bounds, types: Record<string, number>) {
  const stack: unknown[] = [geometry];
  while (stack.length > 0) {
    const g = stack.pop();
    if (!isRecord(g) || typeof g.type !== 'string' || !GEOMETRY_TYPES.has(g.type)) continue;
    types[g.type] = (types[g.type] ?? 0) + 1;
    if (g.type === 'GeometryCollection') {
      if (Array.isArray(g.geometries)) for (const inner of g.geometries) stack.push(inner);
    } else {
      addCoordinates(g.coordinates, bounds);
    }
  }
}

/** The legacy `crs` member's name (GeoJSON 2008), e.g. `urn:ogc:def:crs:EPSG::3857`. */
function crsName(json: Record<string, unknown>): string | undefined {
  const crs = json.crs;
  if (!isRecord(crs) || !isRecord(crs.properties)) return undefined;
  return cleanText(crs.properties.name, 200);
}

const isWgs84 = (name: string) => {
  const n = name.toUpperCase();
  return n.endsWith('CRS84') || n.endsWith(':4326') || n.endsWith('::4326') || n.endsWith('CRS:84');
};
const isWebMercator = (name: string) => ['3857', '900913', '102100', '102113'].some((c) => name.endsWith(c));

/** The file's name in the URL without its extension (`…/rivers.geojson` → `rivers`). */
function nameFromUrl(url: string): string | undefined {
  const last = pathSegments(url).at(-1);
  if (!last) return undefined;
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}

/** Reads a GeoJSON FeatureCollection, Feature or bare geometry. */
export function parseGeojson(body: string, url: string): InspectResult {
  const json = parseJsonObject(body, NOT_GEOJSON);
  const type = json.type;
  const bounds = new Bounds();
  const geometryTypes: Record<string, number> = {};
  let featureCount: number;
  if (type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) throw new NotThisTypeError(NOT_GEOJSON);
    featureCount = 0;
    for (const feature of json.features) {
      if (!isRecord(feature)) continue;
      featureCount++;
      addGeometry(feature.geometry, bounds, geometryTypes);
    }
  } else if (type === 'Feature') {
    if (!('geometry' in json)) throw new NotThisTypeError(NOT_GEOJSON);
    featureCount = 1;
    addGeometry(json.geometry, bounds, geometryTypes);
  } else if (typeof type === 'string' && GEOMETRY_TYPES.has(type)) {
    if (!('coordinates' in json) && !('geometries' in json)) throw new NotThisTypeError(NOT_GEOJSON);
    featureCount = 1;
    addGeometry(json, bounds, geometryTypes);
  } else {
    throw new NotThisTypeError(NOT_GEOJSON);
  }

  const details: Record<string, unknown> = { featureCount, geometryTypes };
  let extent: Extent | null = null;
  const crs = crsName(json);
  if (crs) details.crs = crs;
  if (!bounds.empty) {
    if (crs && isWebMercator(crs)) {
      const [w, s] = mercatorToLonLat(bounds.west, bounds.south);
      const [e, n] = mercatorToLonLat(bounds.east, bounds.north);
      extent = normalizeExtent(w, s, e, n);
    } else if (!crs || isWgs84(crs)) {
      // Far outside degrees: projected coordinates the file does not declare.
      const degrees =
        bounds.west >= -360 && bounds.east <= 360 && bounds.south >= -180 && bounds.north <= 180;
      extent = degrees ? normalizeExtent(bounds.west, bounds.south, bounds.east, bounds.north) : null;
      if (!degrees) details.coordinatesNotInDegrees = true;
    }
  }
  if (!extent && bounds.empty && (!crs || isWgs84(crs)) && Array.isArray(json.bbox)) {
    // No coordinates to measure: trust the `bbox` member.
    const b = json.bbox.map((v) => toNumber(v));
    const [w, s, e, n] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]];
    extent = normalizeExtent(w, s, e, n);
  }

  const title =
    cleanText(json.name) ??
    cleanText(json.title) ??
    cleanText(nameFromUrl(url)) ??
    (hostOf(url) || 'GeoJSON');
  return { title, extent, layers: [], details };
}
