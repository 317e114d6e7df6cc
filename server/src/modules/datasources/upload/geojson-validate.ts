import type { ExtentBuilder } from './feature-sink.js';
import { type GeoJsonFeature, type Geometry, type Position, UploadError } from './types.js';

export const geometryTypes: ReadonlySet<string> = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

type Fail = (message: string) => never;

/** A short, readable rendering of a JSON value for an error message. */
export function show(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** "an array", "a string", … */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'boolean') return 'true or false';
  return `a ${typeof value}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function position(value: unknown, fail: Fail, extent: ExtentBuilder): Position {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    value.length > 3 ||
    !value.every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    return fail(`expected a position of 2 or 3 numbers, found ${show(value)}.`);
  }
  const [longitude, latitude] = value as [number, number];
  if (longitude < -180 || longitude > 180) fail(`longitude ${longitude} is not between -180 and 180.`);
  if (latitude < -90 || latitude > 90) fail(`latitude ${latitude} is not between -90 and 90.`);
  extent.add(longitude, latitude);
  return value as Position;
}

function list(value: unknown, what: string, fail: Fail): unknown[] {
  if (!Array.isArray(value)) return fail(`expected ${what}, found ${show(value)}.`);
  return value;
}

function positions(value: unknown, fail: Fail, extent: ExtentBuilder): Position[] {
  const items = list(value, 'a list of positions', fail);
  if (typeof items[0] === 'number') fail(`expected a list of positions, found ${show(value)}.`);
  return items.map((p) => position(p, fail, extent));
}

function lineString(value: unknown, label: string, fail: Fail, extent: ExtentBuilder): Position[] {
  const line = positions(value, fail, extent);
  if (line.length < 2)
    fail(`${label} has ${line.length} position${line.length === 1 ? '' : 's'}; it needs at least 2.`);
  return line;
}

function polygon(value: unknown, label: string, fail: Fail, extent: ExtentBuilder): Position[][] {
  const rings = list(value, 'a list of linear rings', fail);
  if (rings.length === 0) fail(`${label} has no rings.`);
  return rings.map((r, i) => {
    const ring = positions(r, fail, extent);
    const name = `ring ${i + 1} of ${label}`;
    if (ring.length < 4) fail(`${name} has ${ring.length} positions; a ring needs at least 4.`);
    const first = ring[0] as Position;
    const last = ring[ring.length - 1] as Position;
    if (first.length !== last.length || first.some((n, k) => n !== last[k])) {
      fail(`${name} is not closed: its first and last positions differ.`);
    }
    return ring;
  });
}

function geometry(value: unknown, fail: Fail, extent: ExtentBuilder): Geometry {
  if (!isPlainObject(value)) return fail(`the geometry must be an object or null, found ${describe(value)}.`);
  const type = value.type;
  if (type === undefined) return fail('the geometry has no type.');
  if (typeof type !== 'string' || !geometryTypes.has(type)) {
    return fail(`the geometry type ${show(type)} is not valid GeoJSON.`);
  }
  if (type === 'GeometryCollection') {
    const members = list(value.geometries, 'a list of geometries in "geometries"', fail);
    return {
      type,
      geometries: members.map((g, i) =>
        geometry(g, (message) => fail(`geometry ${i + 1} of the GeometryCollection: ${message}`), extent),
      ),
    };
  }
  const c = value.coordinates;
  if (c === undefined) return fail(`the ${type} has no coordinates.`);
  switch (type) {
    case 'Point':
      return { type, coordinates: position(c, fail, extent) };
    case 'MultiPoint':
      return { type, coordinates: positions(c, fail, extent) };
    case 'LineString':
      return { type, coordinates: lineString(c, 'the LineString', fail, extent) };
    case 'MultiLineString':
      return {
        type,
        coordinates: list(c, 'a list of lines', fail).map((l, i) =>
          lineString(l, `line ${i + 1} of the MultiLineString`, fail, extent),
        ),
      };
    case 'Polygon':
      return { type, coordinates: polygon(c, 'the Polygon', fail, extent) };
    default:
      return {
        type: 'MultiPolygon',
        coordinates: list(c, 'a list of polygons', fail).map((p, i) =>
          polygon(p, `polygon ${i + 1} of the MultiPolygon`, fail, extent),
        ),
      };
  }
}

function failer(featureNumber: number): Fail {
  return (message) => {
    throw new UploadError(`Feature ${featureNumber}: ${message}`);
  };
}

/**
 * Checks one GeoJSON Feature (numbered from 1 in the file) and returns it normalised: only type,
 * geometry, properties and id are kept. Adds its positions to `extent`. A missing geometry or
 * properties member counts as null.
 */
export function toFeature(value: unknown, featureNumber: number, extent: ExtentBuilder): GeoJsonFeature {
  const fail = failer(featureNumber);
  if (!isPlainObject(value)) return fail(`expected an object, found ${describe(value)}.`);
  if (value.type !== 'Feature') {
    return fail(
      value.type === undefined
        ? `the type 'Feature' is missing.`
        : `the type is ${show(value.type)} where 'Feature' was expected.`,
    );
  }
  const properties = value.properties ?? null;
  if (properties !== null && !isPlainObject(properties)) {
    fail(`the properties must be an object or null, found ${describe(properties)}.`);
  }
  const id = value.id;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
    fail(`the id must be a string or a number, found ${describe(id)}.`);
  }
  const feature: GeoJsonFeature = {
    type: 'Feature',
    geometry: value.geometry == null ? null : geometry(value.geometry, fail, extent),
    properties: properties as Record<string, unknown> | null,
  };
  if (id !== undefined) feature.id = id as string | number;
  return feature;
}

/** A bare geometry (the whole file) as feature `featureNumber`, without properties. */
export function geometryToFeature(
  value: unknown,
  featureNumber: number,
  extent: ExtentBuilder,
): GeoJsonFeature {
  return { type: 'Feature', geometry: geometry(value, failer(featureNumber), extent), properties: null };
}
