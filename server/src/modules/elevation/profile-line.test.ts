import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { sampleLine } from './profile-line.js';

const wgs84 = geodesic.Geodesic.WGS84;
const distance = (a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) =>
  wgs84.Inverse(a.latitude, a.longitude, b.latitude, b.longitude).s12 ?? Number.NaN;

describe('sampleLine', () => {
  it('spaces the points evenly along the geodesics, the first and last at the ends', () => {
    const { length, points } = sampleLine(
      [
        [4.9, 52.37],
        [5.12, 52.09],
        [4.48, 51.92],
      ],
      101,
    );
    expect(points).toHaveLength(101);
    expect(points[0]).toEqual({ distance: 0, longitude: 4.9, latitude: 52.37 });
    expect(points[100]).toEqual({ distance: length, longitude: 4.48, latitude: 51.92 });
    points.slice(1).forEach((point, i) => {
      const previous = points[i] as (typeof points)[number];
      expect(point.distance - previous.distance).toBeCloseTo(length / 100, 6);
    });
    // Along one segment, the distance between neighbours is the geodesic one.
    expect(distance(points[0] as never, points[1] as never)).toBeCloseTo(length / 100, 6);
    const segments =
      (wgs84.Inverse(52.37, 4.9, 52.09, 5.12).s12 ?? 0) + (wgs84.Inverse(52.09, 5.12, 51.92, 4.48).s12 ?? 0);
    expect(length).toBeCloseTo(segments, 6);
  });

  it('measures on the ellipsoid: one degree of latitude at the equator is 110,574 m, not a sphere’s 111,195 m', () => {
    expect(
      sampleLine(
        [
          [0, 0],
          [0, 1],
        ],
        2,
      ).length,
    ).toBeCloseTo(110_574.389, 2);
  });

  it('crosses the antimeridian the short way, longitudes within -180 to 180', () => {
    const { length, points } = sampleLine(
      [
        [179.9, 0],
        [-179.9, 0],
      ],
      3,
    );
    expect(length).toBeLessThan(23_000);
    expect(points.map((p) => p.longitude)).toEqual([179.9, 180, -179.9]);
  });

  it('gives a line of one repeated point length 0', () => {
    const { length, points } = sampleLine(
      [
        [5, 52],
        [5, 52],
      ],
      3,
    );
    expect(length).toBe(0);
    expect(points.map((p) => [p.distance, p.longitude, p.latitude])).toEqual([
      [0, 5, 52],
      [0, 5, 52],
      [0, 5, 52],
    ]);
  });
});
