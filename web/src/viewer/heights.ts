/** Heights measured in the browser, on what the map shows: its terrain, or everything drawn. */

import { Cartographic, type CesiumWidget, EllipsoidTerrainProvider, sampleTerrainMostDetailed } from 'cesium';
import type { HeightSurface } from './map-engine';

type LonLat = { longitude: number; latitude: number };

/**
 * Metres above the ellipsoid at each point, or null where nothing answers.
 * `terrain`: the scene's terrain at its most detailed level; the plain ellipsoid (no
 * terrain shown) answers 0, which is a true answer for a globe without relief.
 * `surface`: whatever is drawn there, 3D Tiles included (`sampleHeightMostDetailed`),
 * null where the ray meets nothing.
 */
export async function sampleHeights(
  viewer: CesiumWidget,
  points: readonly LonLat[],
  surface: HeightSurface,
): Promise<(number | null)[]> {
  if (points.length === 0) return [];
  const positions = points.map((point) => Cartographic.fromDegrees(point.longitude, point.latitude));
  const scene = viewer.scene;
  if (surface === 'terrain') {
    const provider = scene.terrainProvider;
    if (provider instanceof EllipsoidTerrainProvider) return points.map(() => 0);
    // Points outside the terrain's tiles keep an undefined height (rejectOnTileFail off).
    const sampled = await sampleTerrainMostDetailed(provider, positions);
    return sampled.map((position) => finite(position.height));
  }
  if (!scene.sampleHeightSupported) return points.map(() => null);
  const sampled = await scene.sampleHeightMostDetailed(positions);
  return sampled.map((position) => finite(position?.height));
}

const finite = (height: number | undefined): number | null =>
  height !== undefined && Number.isFinite(height) ? height : null;
