import earcut from 'earcut';
import type { GeoPoint } from '../../../../viewer/map-engine';
import { toEcef } from './geodesy';

/**
 * How much larger than in plan the area through the points is, when its surface is
 * taken as flat triangles between the measured points at their heights (a roof's slope,
 * a field on a hillside): the ratio of the triangles' true area to their area seen from
 * straight above, in a plane touching the earth at the points' centre. 1 for a level
 * area. It knows only the measured points: a hill or a hollow between them is not seen.
 */
export function slopeFactor(points: readonly GeoPoint[]): number {
  if (points.length < 3) return 1;
  const local = toLocal(points);
  // Triangulated in plan: earcut reads east and north of each (east, north, up) triple.
  const triangles = earcut(local.flat(), null, 3);
  let sloped = 0;
  let plan = 0;
  for (let i = 0; i + 2 < triangles.length; i += 3) {
    const [a, b, c] = [
      local[triangles[i] as number],
      local[triangles[i + 1] as number],
      local[triangles[i + 2] as number],
    ];
    if (!a || !b || !c) continue;
    sloped += triangleArea(a, b, c);
    plan += triangleArea([a[0], a[1], 0], [b[0], b[1], 0], [c[0], c[1], 0]);
  }
  return plan > 0 ? sloped / plan : 1;
}

type Vector = [number, number, number];

/** East, north and up (metres) from the points' mean position, on the plane touching the ellipsoid there. */
function toLocal(points: readonly GeoPoint[]): Vector[] {
  const ecef = points.map(toEcef);
  const centre = ecef
    .reduce<Vector>((sum, p) => [sum[0] + p[0], sum[1] + p[1], sum[2] + p[2]], [0, 0, 0])
    .map((value) => value / ecef.length) as Vector;
  const mean = {
    longitude: points.reduce((sum, p) => sum + p.longitude, 0) / points.length,
    latitude: points.reduce((sum, p) => sum + p.latitude, 0) / points.length,
  };
  const lon = (mean.longitude * Math.PI) / 180;
  const lat = (mean.latitude * Math.PI) / 180;
  const east: Vector = [-Math.sin(lon), Math.cos(lon), 0];
  const north: Vector = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
  const up: Vector = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  return ecef.map((p) => {
    const d: Vector = [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]];
    return [dot(d, east), dot(d, north), dot(d, up)];
  });
}

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function triangleArea(a: Vector, b: Vector, c: Vector): number {
  const u: Vector = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v: Vector = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
}
