/**
 * Distances and areas of measured points on the WGS84 ellipsoid, in plain numbers (no
 * Cesium: the map draws, this measures). Geodesics come from geographiclib-geodesic,
 * Karney's GeographicLib (the algorithms of PROJ and GDAL, accurate to nanometres and
 * for any pair of points), rather than formulas of our own.
 */

import geodesic from 'geographiclib-geodesic';
import type { GeoPoint } from '../../../../viewer/map-engine';

const wgs84 = geodesic.Geodesic.WGS84;

/** Along the ellipsoid between two points (their heights left out), in metres. */
export function groundDistance(from: GeoPoint, to: GeoPoint): number {
  return (
    wgs84.Inverse(from.latitude, from.longitude, to.latitude, to.longitude, geodesic.Geodesic.DISTANCE).s12 ??
    0
  );
}

/** Earth-centred, earth-fixed coordinates (metres) of a point: the textbook geodetic-to-ECEF conversion. */
export function toEcef({ longitude, latitude, height }: GeoPoint): [number, number, number] {
  const { a, f } = wgs84;
  const e2 = f * (2 - f);
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  const n = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  return [
    (n + height) * Math.cos(lat) * Math.cos(lon),
    (n + height) * Math.cos(lat) * Math.sin(lon),
    (n * (1 - e2) + height) * Math.sin(lat),
  ];
}

/** In a straight line through space between two points, their heights included, in metres. */
export function straightDistance(from: GeoPoint, to: GeoPoint): number {
  const [x1, y1, z1] = toEcef(from);
  const [x2, y2, z2] = toEcef(to);
  return Math.hypot(x2 - x1, y2 - y1, z2 - z1);
}

/**
 * The area (square metres) and perimeter (metres) of the polygon through the points,
 * its edges geodesics on the ellipsoid: the area a map in plan would show. Either way
 * round; fewer than 3 points enclose nothing.
 */
export function planArea(points: readonly GeoPoint[]): { area: number; perimeter: number } {
  if (points.length < 3) return { area: 0, perimeter: 0 };
  const polygon = wgs84.Polygon(false);
  for (const point of points) polygon.AddPoint(point.latitude, point.longitude);
  // Signed: a clockwise ring is a negative area, not the rest of the earth.
  const { area = 0, perimeter } = polygon.Compute(false, true);
  return { area: Math.abs(area), perimeter };
}
