import { EARTH_RADIUS, ecefToGeodetic } from './geo.js';
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

const NOT_TILESET = 'This is not a 3D Tiles tileset.json.';
const DEG = 180 / Math.PI;
/** A box or sphere whose centre is closer than this to the earth's centre is not placed on the globe. */
const MIN_GEOCENTRIC_DISTANCE = 1_000_000;

type Vec3 = [number, number, number];

function numbers(value: unknown, length: number): number[] | null {
  if (!Array.isArray(value) || value.length < length) return null;
  const out: number[] = [];
  for (let i = 0; i < length; i++) {
    const n = toNumber(value[i]);
    if (n === undefined) return null;
    out.push(n);
  }
  return out;
}

const norm = (v: Vec3) => Math.hypot(v[0], v[1], v[2]);

/** Applies a column-major 4×4 matrix to a point (`w = 1`) or a direction (`w = 0`). */
function apply(m: number[] | null, v: Vec3, w: 0 | 1): Vec3 {
  if (!m) return v;
  const [x, y, z] = v;
  const at = (i: number) => m[i] as number;
  return [
    at(0) * x + at(4) * y + at(8) * z + at(12) * w,
    at(1) * x + at(5) * y + at(9) * z + at(13) * w,
    at(2) * x + at(6) * y + at(10) * z + at(14) * w,
  ];
}

/** An approximate degrees box around an ECEF centre with a radius in metres. */
function sphereExtent(center: Vec3, radius: number): Extent | null {
  if (!Number.isFinite(radius) || radius < 0 || center.some((c) => !Number.isFinite(c))) return null;
  if (norm(center) < MIN_GEOCENTRIC_DISTANCE) return null;
  const [lon, lat] = ecefToGeodetic(center[0], center[1], center[2]);
  const dLat = Math.min((radius / EARTH_RADIUS) * DEG, 180);
  const south = lat - dLat;
  const north = lat + dLat;
  const cos = Math.cos((Math.min(Math.abs(lat) + dLat, 90) * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : dLat / cos;
  if (dLon >= 180 || south <= -90 || north >= 90) {
    // Around a pole or wider than the globe: every longitude.
    return normalizeExtent(-180, south, 180, north);
  }
  let west = lon - dLon;
  let east = lon + dLon;
  if (west < -180) west += 360;
  if (east > 180) east -= 360;
  return normalizeExtent(west, south, east, north);
}

function boundingVolumeExtent(
  volume: Record<string, unknown>,
  transform: number[] | null,
): { kind: string; extent: Extent | null; minHeight?: number; maxHeight?: number } {
  const region = numbers(volume.region, 6);
  if (region) {
    const [w, s, e, n, minHeight, maxHeight] = region as [number, number, number, number, number, number];
    return {
      kind: 'region',
      extent: normalizeExtent(w * DEG, s * DEG, e * DEG, n * DEG),
      minHeight,
      maxHeight,
    };
  }
  const box = numbers(volume.box, 12);
  if (box) {
    const center = apply(transform, [box[0], box[1], box[2]] as Vec3, 1);
    const axes = [0, 1, 2].map((i) => apply(transform, box.slice(3 + i * 3, 6 + i * 3) as Vec3, 0));
    // Half-diagonal of the box: the radius of the sphere around it.
    const radius = Math.sqrt(axes.reduce((sum, a) => sum + norm(a) ** 2, 0));
    return { kind: 'box', extent: sphereExtent(center, radius) };
  }
  const sphere = numbers(volume.sphere, 4);
  if (sphere) {
    const center = apply(transform, [sphere[0], sphere[1], sphere[2]] as Vec3, 1);
    const scale = transform
      ? Math.max(
          ...[0, 1, 2].map((i) =>
            norm(apply(transform, [i === 0 ? 1 : 0, i === 1 ? 1 : 0, i === 2 ? 1 : 0], 0)),
          ),
        )
      : 1;
    return { kind: 'sphere', extent: sphereExtent(center, (sphere[3] as number) * scale) };
  }
  return { kind: 'unknown', extent: null };
}

/** The tileset's folder name in its URL (`…/buildings/tileset.json` → `buildings`). */
function nameFromUrl(url: string): string | undefined {
  const segments = pathSegments(url);
  const last = segments.at(-1);
  if (last?.toLowerCase().endsWith('.json')) segments.pop();
  return segments.at(-1);
}

/** Reads a 3D Tiles `tileset.json` (1.0 or 1.1). */
export function parseTileset(body: string, url: string): InspectResult {
  const json = parseJsonObject(body, NOT_TILESET);
  const asset = json.asset;
  const root = json.root;
  if (!isRecord(asset) || !isRecord(root)) throw new NotThisTypeError(NOT_TILESET);
  const version =
    typeof asset.version === 'string' || typeof asset.version === 'number' ? String(asset.version) : '';
  if (version === '') throw new NotThisTypeError(NOT_TILESET);

  const transform = numbers(root.transform, 16);
  const volume = isRecord(root.boundingVolume) ? root.boundingVolume : {};
  const { kind, extent, minHeight, maxHeight } = boundingVolumeExtent(volume, transform);

  const details: Record<string, unknown> = { version, boundingVolume: kind };
  const tilesetVersion = cleanText(asset.tilesetVersion);
  if (tilesetVersion) details.tilesetVersion = tilesetVersion;
  const geometricError = toNumber(json.geometricError);
  if (geometricError !== undefined) details.geometricError = geometricError;
  if (minHeight !== undefined) details.minHeight = minHeight;
  if (maxHeight !== undefined) details.maxHeight = maxHeight;
  if (typeof asset.gltfUpAxis === 'string') details.gltfUpAxis = asset.gltfUpAxis;
  for (const key of ['extensionsUsed', 'extensionsRequired'] as const) {
    const list = json[key];
    if (Array.isArray(list)) details[key] = list.filter((e) => typeof e === 'string').slice(0, 50);
  }

  const extras = isRecord(asset.extras) ? asset.extras : {};
  const title = cleanText(extras.name) ?? cleanText(nameFromUrl(url)) ?? (hostOf(url) || '3D Tiles');
  return { title, extent, layers: [], details };
}
