import { useEffect, useState } from 'react';
import type { GeoPoint, MapEngine } from '../../../../viewer/map-engine';
import { surfaceFromHeights, surfaceSampling } from './surface-area';
import type { SurfaceRatio } from './surface-grid';

export type SurfaceArea =
  | { state: 'calculating' }
  | ({ state: 'done'; spacing: number } & SurfaceRatio)
  | { state: 'failed' };

/** Points still moving (a drag sends every step) are not worth thousands of heights each. */
const settleMs = 400;

/**
 * The area over the surface inside `points`, from heights the map samples on a grid
 * (surface-area.ts): `calculating` from a change until the heights of the points as they
 * settled are in, an answer for older points never shown. Undefined when not measuring an area.
 */
export function useSurfaceArea(
  engine: MapEngine | undefined,
  points: readonly GeoPoint[],
  active: boolean,
): SurfaceArea | undefined {
  const [surface, setSurface] = useState<SurfaceArea | undefined>(undefined);
  const measuring = Boolean(engine) && active && points.length >= 3;

  useEffect(() => {
    if (!engine || !measuring) {
      setSurface(undefined);
      return;
    }
    setSurface({ state: 'calculating' });
    let current = true;
    const timer = setTimeout(() => {
      const sampling = surfaceSampling(points);
      engine.sampleHeights(sampling.samples, 'surface').then(
        (heights) => {
          if (current)
            setSurface({
              state: 'done',
              spacing: sampling.grid.spacing,
              ...surfaceFromHeights(sampling, heights),
            });
        },
        () => {
          if (current) setSurface({ state: 'failed' });
        },
      );
    }, settleMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [engine, points, measuring]);

  return surface;
}
