/** Heights measured in the browser, on what the map shows: its terrain, a terrain layer's, or everything drawn. */

import {
  Cartographic,
  type CesiumWidget,
  EllipsoidTerrainProvider,
  sampleTerrainMostDetailed,
  type TerrainProvider,
} from 'cesium';
import type { HeightSurface } from './map-engine';
import type { MapLayers } from './map-layers';

type LonLat = { longitude: number; latitude: number };

/** A terrain still loading after this long is taken as not there. */
const layerLoadTimeoutMs = 30_000;

/**
 * Metres above the ellipsoid at each point, or null where nothing answers.
 * `terrain`: the scene's terrain at its most detailed level; the plain ellipsoid (no
 * terrain shown) answers 0, which is a true answer for a globe without relief.
 * `{layer}`: that layer's terrain, once it has loaded; nulls when it has none.
 * `surface`: whatever is drawn there, 3D Tiles included (`sampleHeightMostDetailed`),
 * null where the ray meets nothing.
 */
export async function sampleHeights(
  viewer: CesiumWidget,
  layers: MapLayers,
  points: readonly LonLat[],
  surface: HeightSurface,
  /** What the tools drew (a sketch, the marker): `surface` heights come from what lies under them. */
  exclude: object[] = [],
): Promise<(number | null)[]> {
  if (points.length === 0) return [];
  const positions = points.map((point) => Cartographic.fromDegrees(point.longitude, point.latitude));
  const scene = viewer.scene;
  if (surface === 'terrain') {
    const provider = scene.terrainProvider;
    if (provider instanceof EllipsoidTerrainProvider) return points.map(() => 0);
    return sampleTerrain(provider, positions);
  }
  if (typeof surface === 'object') {
    const provider = await loadedTerrain(layers, surface.layer);
    return provider ? sampleTerrain(provider, positions) : points.map(() => null);
  }
  if (!scene.sampleHeightSupported) return points.map(() => null);
  const sampled = await scene.sampleHeightMostDetailed(positions, exclude);
  return sampled.map((position) => finite(position?.height));
}

async function sampleTerrain(provider: TerrainProvider, positions: Cartographic[]) {
  // Points outside the terrain's tiles keep an undefined height (rejectOnTileFail off).
  const sampled = await sampleTerrainMostDetailed(provider, positions);
  return sampled.map((position) => finite(position.height));
}

/**
 * The layer's terrain once it stopped loading: a profile may be asked for right after
 * its layer was ticked, before the terrain's metadata arrived.
 */
function loadedTerrain(layers: MapLayers, id: string): Promise<TerrainProvider | undefined> {
  const status = layers.statusOf(id);
  if (status?.state !== 'loading') return Promise.resolve(layers.terrainOf(id));
  return new Promise((resolve) => {
    let settled = false;
    let unsubscribe: (() => void) | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      unsubscribe?.();
      resolve(layers.terrainOf(id));
    };
    const timer = window.setTimeout(finish, layerLoadTimeoutMs);
    // onStatus answers every layer's status at once, so this may finish before it returns.
    unsubscribe = layers.onStatus((next) => {
      if (next.id === id && next.state !== 'loading') finish();
    });
    if (settled) unsubscribe();
  });
}

const finite = (height: number | undefined): number | null =>
  height !== undefined && Number.isFinite(height) ? height : null;
