import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../../../viewer/map-engine';
import { groundDistance, planArea, straightDistance } from './geodesy';
import { measureArea, measureLine } from './measurement';

const at = (longitude: number, latitude: number, height = 0): GeoPoint => ({ longitude, latitude, height });
/** WGS84's semi-major axis. */
const a = 6378137;

describe('groundDistance', () => {
  it('matches GeographicLib’s own worked example (JFK to LHR, 40.6°N 73.8°W to 51.6°N 0.5°W)', () => {
    expect(groundDistance(at(-73.8, 40.6), at(-0.5, 51.6))).toBeCloseTo(5_551_759.4003, 3);
  });

  it('is an arc of the equator along it', () => {
    expect(groundDistance(at(0, 0), at(1, 0))).toBeCloseTo((a * Math.PI) / 180, 6);
  });

  it('leaves heights out', () => {
    expect(groundDistance(at(5, 52, 0), at(5.01, 52, 300))).toBeCloseTo(
      groundDistance(at(5, 52), at(5.01, 52)),
      9,
    );
  });
});

describe('straightDistance', () => {
  it('is the height between two points above each other', () => {
    expect(straightDistance(at(4.9, 52.37, 2), at(4.9, 52.37, 102))).toBeCloseTo(100, 6);
  });

  it('is the chord, shorter than the arc, over a degree of the equator', () => {
    expect(straightDistance(at(0, 0), at(1, 0))).toBeCloseTo(2 * a * Math.sin(Math.PI / 360), 6);
  });
});

describe('planArea', () => {
  it('is an eighth of the ellipsoid for the octant between the equator and two meridians', () => {
    // 4πR² with WGS84's authalic radius, 6,371,007.1809 m.
    const earth = 4 * Math.PI * 6_371_007.1809 ** 2;
    const { area, perimeter } = planArea([at(0, 0), at(90, 0), at(0, 90)]);
    expect(area / (earth / 8)).toBeCloseTo(1, 9);
    // A quarter of the equator and two quarter meridians (10,001,965.729 m each).
    expect(perimeter).toBeCloseTo((a * Math.PI) / 2 + 2 * 10_001_965.729, 0);
  });

  it('is the same either way round, and nothing for fewer than 3 points', () => {
    const ring = [at(5, 52), at(5.01, 52), at(5.01, 52.01), at(5, 52.01)];
    expect(planArea([...ring].reverse()).area).toBeCloseTo(planArea(ring).area, 3);
    expect(planArea(ring).area).toBeGreaterThan(750_000);
    expect(planArea(ring.slice(0, 2))).toEqual({ area: 0, perimeter: 0 });
  });
});

describe('measureLine', () => {
  it('sums the segments and counts the climbs and descents', () => {
    const points = [at(5, 52, 0), at(5.01, 52, 10), at(5.02, 52, 5), at(5.03, 52, 20)];
    const result = measureLine(points);
    const segment = groundDistance(points[0] as GeoPoint, points[1] as GeoPoint);
    expect(result.ground).toBeCloseTo(3 * segment, 3);
    expect(result.straight).toBeGreaterThan(result.ground - 1);
    expect(result.heightDifference).toBe(20);
    expect(result.ascent).toBe(25);
    expect(result.descent).toBe(5);
  });

  it('measures nothing without a second point', () => {
    expect(measureLine([at(5, 52, 3)])).toEqual({
      ground: 0,
      straight: 0,
      heightDifference: 0,
      ascent: 0,
      descent: 0,
    });
  });
});

describe('measureArea', () => {
  it('gives the area in plan and the perimeter, whatever the heights', () => {
    const ring = [at(5, 52, 0), at(5.001, 52, 0), at(5.001, 52.001, 50), at(5, 52.001, 50)];
    expect(measureArea(ring)).toEqual({
      plan: planArea(ring).area,
      perimeter: planArea(ring).perimeter,
    });
  });
});
