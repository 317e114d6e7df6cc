import geodesic from 'geographiclib-geodesic';
import type { GeoPoint } from '../../../../viewer/map-engine';
import {
  fitPlane,
  type Plane,
  type PlanPoint,
  type SurfaceGrid,
  surfaceGrid,
  surfaceRatio,
} from './surface-grid';

type LonLat = { longitude: number; latitude: number };

/** What to ask the map for the surface inside measured points, and how to read its answer. */
export type SurfaceSampling = {
  grid: SurfaceGrid;
  /** Where the map's heights are needed: the grid's nodes, in their order. */
  samples: LonLat[];
  /** The plane through the measured points at their heights: the slope where the map has no height. */
  fallback: Plane;
};

/**
 * The grid (surface-grid.ts) over the area inside the points, at most `maxSamples`
 * heights. The polygon's edges are taken as straight in a plan of metres east and north
 * around its middle, not as geodesics: a difference only areas of hundreds of km notice,
 * and only in the slope, since the area in plan comes from the geodesic polygon.
 */
export function surfaceSampling(points: readonly GeoPoint[], maxSamples = 2500): SurfaceSampling {
  const frame = planFrame(points);
  const ring = points.map(frame.toPlan);
  const grid = surfaceGrid(ring, maxSamples);
  return {
    grid,
    samples: grid.nodes.map(frame.toGeo),
    fallback: fitPlane(points.map((point, i) => [...(ring[i] as PlanPoint), point.height] as const)),
  };
}

/** The surface's area per square metre in plan, and the share of the area the map had no height for. */
export const surfaceFromHeights = (sampling: SurfaceSampling, heights: readonly (number | null)[]) =>
  surfaceRatio(sampling.grid, heights, sampling.fallback);

/**
 * Metres east and north of the points' middle, scaled by the ellipsoid's radii of
 * curvature there: an equirectangular plan, true at the middle and stretched east–west
 * by 2 % a degree of latitude away (at 52°), which changes a slope's secant far less.
 * Heights stay heights above the ellipsoid, so the earth's curvature is not read as a slope. Longitudes are taken the short way round from the first point:
 * an area across the antimeridian stays whole.
 */
function planFrame(points: readonly LonLat[]) {
  const first = points[0]?.longitude ?? 0;
  const unwrap = (longitude: number) => first + ((((longitude - first + 180) % 360) + 360) % 360) - 180;
  const middle = {
    longitude: points.reduce((sum, p) => sum + unwrap(p.longitude), 0) / (points.length || 1),
    latitude: points.reduce((sum, p) => sum + p.latitude, 0) / (points.length || 1),
  };
  const { a, f } = geodesic.Geodesic.WGS84;
  const e2 = f * (2 - f);
  const sin = Math.sin((middle.latitude * Math.PI) / 180);
  const w = Math.sqrt(1 - e2 * sin * sin);
  const perDegree = Math.PI / 180;
  const north = ((a * (1 - e2)) / w ** 3) * perDegree;
  const east = (a / w) * Math.cos((middle.latitude * Math.PI) / 180) * perDegree;
  return {
    toPlan: (p: LonLat): PlanPoint => [
      (unwrap(p.longitude) - middle.longitude) * east,
      (p.latitude - middle.latitude) * north,
    ],
    toGeo: ([x, y]: PlanPoint): LonLat => ({
      longitude: ((((middle.longitude + x / east + 180) % 360) + 360) % 360) - 180,
      latitude: middle.latitude + y / north,
    }),
  };
}
