import type { GeoPoint } from '../../../../viewer/map-engine';
import { groundDistance, planArea, straightDistance } from './geodesy';

export type LineMeasurement = {
  /** Metres along the ellipsoid, summed per segment: what a map in plan measures. */
  ground: number;
  /** Metres in straight lines through space between the points, their heights included. */
  straight: number;
  /** Metres from the first point's height to the last one's. */
  heightDifference: number;
  /** Metres climbed and descended from point to point. */
  ascent: number;
  descent: number;
};

/** At once from the points; the area over the surface waits for the map's heights (use-surface-area.ts). */
export type AreaMeasurement = {
  /** Square metres in plan, edges geodesics on the ellipsoid. */
  plan: number;
  /** Metres along the ellipsoid around the area. */
  perimeter: number;
};

export function measureLine(points: readonly GeoPoint[]): LineMeasurement {
  const result: LineMeasurement = { ground: 0, straight: 0, heightDifference: 0, ascent: 0, descent: 0 };
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1] as GeoPoint;
    const to = points[i] as GeoPoint;
    result.ground += groundDistance(from, to);
    result.straight += straightDistance(from, to);
    const climb = to.height - from.height;
    if (climb > 0) result.ascent += climb;
    else result.descent -= climb;
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last) result.heightDifference = last.height - first.height;
  return result;
}

export function measureArea(points: readonly GeoPoint[]): AreaMeasurement {
  const { area, perimeter } = planArea(points);
  return { plan: area, perimeter };
}
