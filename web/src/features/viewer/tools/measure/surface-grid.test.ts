import { describe, expect, it } from 'vitest';
import { fitPlane, type PlanPoint, shoelace, surfaceGrid, surfaceRatio } from './surface-grid';

const level = { slopeX: 0, slopeY: 0, offset: 0 };
/** The grid's nodes' heights on the surface `z(x, y)`. */
const heightsOn = (grid: ReturnType<typeof surfaceGrid>, z: (x: number, y: number) => number) =>
  grid.nodes.map(([x, y]) => z(x, y));
const overlapOf = (grid: ReturnType<typeof surfaceGrid>) =>
  grid.triangles.reduce((sum, t) => sum + t.overlap, 0);

const square = (side: number): PlanPoint[] => [
  [-side / 2, -side / 2],
  [side / 2, -side / 2],
  [side / 2, side / 2],
  [-side / 2, side / 2],
];
/** An L of 100 m by 100 m missing its north-east quarter: concave, its area 7,500 m². */
const ell: PlanPoint[] = [
  [0, 0],
  [100, 0],
  [100, 50],
  [50, 50],
  [50, 100],
  [0, 100],
];
/** A disc of radius 40 m as 37 corners, turned so that no edge follows the grid. */
const disc: PlanPoint[] = Array.from({ length: 37 }, (_, i) => [
  40 * Math.cos((2 * Math.PI * i) / 37 + 0.1),
  40 * Math.sin((2 * Math.PI * i) / 37 + 0.1),
]);

describe('surfaceGrid', () => {
  it('keeps to the nodes it may sample, and to its finest spacing', () => {
    const grid = surfaceGrid(square(1000), 2500);
    expect(grid.nodes.length).toBeLessThanOrEqual(2500);
    expect(grid.nodes.length).toBeGreaterThan(1500);
    expect(surfaceGrid(square(1), 2500, 0.25).spacing).toBe(0.25);
    expect(surfaceGrid(square(1), 2500, 0.25).nodes).toHaveLength(25);
  });

  it('covers exactly the polygon in plan, cut at its edges, either way round', () => {
    for (const [ring, area] of [
      [square(100), 10_000],
      [ell, 7_500],
      [disc, Math.abs(shoelace(disc))],
    ] as const) {
      expect(overlapOf(surfaceGrid(ring, 400)) / area).toBeCloseTo(1, 9);
      expect(overlapOf(surfaceGrid([...ring].reverse(), 400)) / area).toBeCloseTo(1, 9);
    }
  });

  it('measures nothing of points in a line', () => {
    expect(
      surfaceGrid([
        [0, 0],
        [10, 10],
        [20, 20],
      ]),
    ).toMatchObject({ nodes: [], triangles: [] });
  });
});

describe('surfaceRatio', () => {
  it('is 1 on level ground: a flat square’s surface is its area in plan', () => {
    const grid = surfaceGrid(square(100));
    expect(
      surfaceRatio(
        grid,
        heightsOn(grid, () => 12),
        level,
      ),
    ).toEqual({ ratio: 1, missing: 0 });
  });

  it('is √2 on a plane at 45°, whatever the shape and however the edges cut the cells', () => {
    for (const ring of [square(100), ell, disc]) {
      const grid = surfaceGrid(ring, 400);
      expect(
        surfaceRatio(
          grid,
          heightsOn(grid, (_, y) => y),
          level,
        ).ratio,
      ).toBeCloseTo(Math.SQRT2, 9);
    }
  });

  it('counts a pyramid in the middle of a square, which the corners alone do not see', () => {
    // 40 m square at the base, 20 m high, in a level square of 100 m: its four faces
    // have 40² · √(1 + (2 · 20 / 40)²) = 1,600 √2 m² between them.
    const pyramid = (x: number, y: number) => Math.max(0, 20 * (1 - Math.max(Math.abs(x), Math.abs(y)) / 20));
    const grid = surfaceGrid(square(100));
    const excess = (surfaceRatio(grid, heightsOn(grid, pyramid), level).ratio - 1) * 100 ** 2;
    // Less by a few %: the grid's cells cut across two of the pyramid's edges.
    expect(excess / (40 ** 2 * (Math.SQRT2 - 1))).toBeGreaterThan(0.9);
    expect(excess / (40 ** 2 * (Math.SQRT2 - 1))).toBeLessThan(1.01);
  });

  it('takes the fallback plane’s slope where heights are missing, and says how much', () => {
    const grid = surfaceGrid(square(100), 400);
    const tilted = { slopeX: 1, slopeY: 0, offset: 0 };
    expect(
      surfaceRatio(
        grid,
        heightsOn(grid, () => Number.NaN).map(() => null),
        tilted,
      ),
    ).toEqual({
      ratio: expect.closeTo(Math.SQRT2, 9),
      missing: 1,
    });
    // No heights west of the middle: half at the fallback's √2 (and the column of cells
    // the middle crosses), the rest level.
    const half = surfaceRatio(
      grid,
      grid.nodes.map(([x]) => (x < 0 ? null : 0)),
      tilted,
    );
    expect(half.missing).toBeGreaterThan(0.5);
    expect(half.missing).toBeLessThan(0.6);
    expect(half.ratio).toBeCloseTo(1 + half.missing * (Math.SQRT2 - 1), 9);
  });
});

describe('fitPlane', () => {
  it('goes through three points', () => {
    expect(
      fitPlane([
        [0, 0, 5],
        [10, 0, 25],
        [0, 10, 0],
      ]),
    ).toEqual({
      slopeX: expect.closeTo(2, 9),
      slopeY: expect.closeTo(-0.5, 9),
      offset: expect.closeTo(5, 9),
    });
  });

  it('is level through the mean height of points in a line', () => {
    expect(
      fitPlane([
        [0, 0, 1],
        [5, 5, 2],
        [10, 10, 6],
      ]),
    ).toEqual({ slopeX: 0, slopeY: 0, offset: 3 });
  });
});
