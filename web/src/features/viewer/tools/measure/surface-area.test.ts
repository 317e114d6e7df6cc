import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../../../viewer/map-engine';
import { groundDistance, planArea } from './geodesy';
import { surfaceFromHeights, surfaceSampling } from './surface-area';

const at = (longitude: number, latitude: number, height = 0): GeoPoint => ({ longitude, latitude, height });
/** About 69 m by 111 m near Utrecht, its north side `north` metres above its south side. */
const field = (north = 0) => [at(5, 52), at(5.001, 52), at(5.001, 52.001, north), at(5, 52.001, north)];
/** Metres north of the field's south side. */
const northOf = (latitude: number) => groundDistance(at(5, 52), at(5, latitude)) * Math.sign(latitude - 52);

describe('surfaceSampling', () => {
  it('asks for at most the heights allowed, within a step of the area', () => {
    const sampling = surfaceSampling(field(), 500);
    expect(sampling.samples.length).toBeGreaterThan(300);
    expect(sampling.samples.length).toBeLessThanOrEqual(500);
    expect(sampling.grid.spacing).toBeGreaterThan(3.5);
    expect(sampling.grid.spacing).toBeLessThan(5);
    // 1e-4° is 7 m east and 11 m north here: more than a step.
    for (const { longitude, latitude } of sampling.samples) {
      expect(longitude).toBeGreaterThanOrEqual(5 - 1e-4);
      expect(longitude).toBeLessThanOrEqual(5.001 + 1e-4);
      expect(latitude).toBeGreaterThanOrEqual(52 - 1e-4);
      expect(latitude).toBeLessThanOrEqual(52.001 + 1e-4);
    }
  });

  it('measures in metres: a field rising as much as it runs north is √2 times its plan', () => {
    const sampling = surfaceSampling(field());
    const heights = sampling.samples.map((sample) => northOf(sample.latitude));
    expect(surfaceFromHeights(sampling, heights)).toEqual({
      ratio: expect.closeTo(Math.SQRT2, 3),
      missing: 0,
    });
  });

  it('falls back on the slope of the measured points where the map has nothing', () => {
    const sampling = surfaceSampling(field(northOf(52.001)));
    expect(
      surfaceFromHeights(
        sampling,
        sampling.samples.map(() => null),
      ),
    ).toEqual({ ratio: expect.closeTo(Math.SQRT2, 3), missing: 1 });
  });

  it('keeps an area across the antimeridian whole', () => {
    const fiji = [at(179.99, -17), at(-179.99, -17), at(-179.99, -16.99), at(179.99, -16.99)];
    const sampling = surfaceSampling(fiji);
    const plan = sampling.grid.triangles.reduce((sum, triangle) => sum + triangle.overlap, 0);
    expect(plan / planArea(fiji).area).toBeCloseTo(1, 3);
    for (const { longitude } of sampling.samples) expect(Math.abs(longitude)).toBeGreaterThan(179.98);
  });
});
