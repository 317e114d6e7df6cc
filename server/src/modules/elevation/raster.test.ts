import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';
import { type Grid, plannedPixels, planWindows, type Raster, sampleBilinear } from './raster.js';
import { windowLimits } from './wcs-client.js';

/** 1 m pixels from (1000, 2000) down to the south-east; heights h = 2x + 3y at the pixel centres. */
const grid: Grid = { originX: 1000, originY: 2000, stepX: 1, stepY: -1, width: 10, height: 5 };
const plane = (x: number, y: number) => 2 * x + 3 * y;
function raster(nodata: number[] = [], hole?: [number, number]): Raster {
  const values = new Float64Array(grid.width * grid.height);
  for (let row = 0; row < grid.height; row++)
    for (let col = 0; col < grid.width; col++)
      values[row * grid.width + col] =
        hole && hole[0] === col && hole[1] === row
          ? (nodata[0] ?? Number.NaN)
          : plane(1000 + col + 0.5, 2000 - row - 0.5);
  return { grid, values, nodata };
}

describe('sampleBilinear', () => {
  it('gives a plane back exactly between pixel centres, and clamps within the outer half pixel', () => {
    for (const [x, y] of [
      [1003.2, 1998.7],
      [1000.5, 1999.5],
      [1009.5, 1995.5],
      [1004.77, 1996.01],
    ] as const)
      expect(sampleBilinear(raster(), x, y)).toBeCloseTo(plane(x, y), 9);
    expect(sampleBilinear(raster(), 1000.1, 1999.9)).toBeCloseTo(plane(1000.5, 1999.5), 9);
  });

  it('answers null off the raster, or when the nearest pixel is nodata; other nodata neighbours are left out', () => {
    expect(sampleBilinear(raster(), 999.9, 1998)).toBeNull();
    expect(sampleBilinear(raster(), 1005, 2000.1)).toBeNull();
    const holed = raster([-9999], [3, 1]);
    expect(sampleBilinear(holed, 1003.5, 1998.5)).toBeNull();
    expect(sampleBilinear(holed, 1003.6, 1998.4)).toBeNull();
    const beside = sampleBilinear(holed, 1004.4, 1998.5);
    expect(beside).toBeCloseTo(plane(1004.5, 1998.5), 9);
    // The float32 maximum as nodata matches float32 data.
    const float32Max = 3.4028234663852886e38;
    const f32 = { grid, values: new Float32Array(50).fill(float32Max), nodata: [float32Max] };
    expect(sampleBilinear(f32, 1002, 1998)).toBeNull();
    expect(
      sampleBilinear({ ...f32, values: new Float32Array(50).fill(Number.NaN), nodata: [] }, 1002, 1998),
    ).toBeNull();
  });
});

describe('planWindows', () => {
  const big: Grid = { originX: 0, originY: 10_000, stepX: 1, stepY: -1, width: 10_000, height: 10_000 };
  const limits = { maxSide: 100, maxPixels: 100 * 100, mergePixels: 500, align: 4 };

  it('keeps a dense line in windows within the side limit, each point in one window with its four pixels', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ x: 10 + i, y: 5000.3 }));
    const windows = planWindows(big, points, limits);
    expect(windows.length).toBe(4);
    expect(windows.flatMap((w) => w.indices)).toEqual(points.map((_, i) => i));
    for (const { window, indices } of windows) {
      expect(window.col1 - window.col0).toBeLessThanOrEqual(100);
      for (const index of indices) {
        const { x } = points[index] as { x: number };
        expect(window.col0).toBeLessThanOrEqual(Math.floor(x - 0.5));
        expect(window.col1).toBeGreaterThanOrEqual(Math.floor(x - 0.5) + 2);
        expect(window.col0 % 4).toBe(0);
      }
    }
  });

  it('gives sparse points small windows of their own (at most two alignments a side), and leaves out points off the grid', () => {
    const windows = planWindows(
      big,
      [{ x: 10, y: 10 }, null, { x: 5000, y: 5000 }, { x: -5, y: 10 }],
      limits,
    );
    expect(windows.map((w) => w.indices)).toEqual([[0], [2]]);
    for (const { window } of windows)
      expect((window.col1 - window.col0) * (window.row1 - window.row0)).toBeLessThanOrEqual(8 * 8);
  });
});

describe('planWindows for a profile (the clients’ limits)', () => {
  /** PDOK's AHN grid: 0.5 m pixels over the Netherlands. */
  const ahn: Grid = {
    originX: 10000,
    originY: 625000,
    stepX: 0.5,
    stepY: -0.5,
    width: 540000,
    height: 650000,
  };
  /** `samples` points evenly along a straight line of `metres` from (150000.3, 460000.7) at `bearing` (radians from east). */
  const straight = (metres: number, bearing: number, samples = 500) =>
    Array.from({ length: samples }, (_, i) => ({
      x: 150000.3 + (Math.cos(bearing) * metres * i) / (samples - 1),
      y: 460000.7 + (Math.sin(bearing) * metres * i) / (samples - 1),
    }));
  const holdsItsPoints = (plan: ReturnType<typeof planWindows>, points: { x: number; y: number }[]) => {
    for (const { window, indices } of plan) {
      expect(window.col1 - window.col0).toBeLessThanOrEqual(windowLimits.maxSide);
      expect(window.row1 - window.row0).toBeLessThanOrEqual(windowLimits.maxSide);
      for (const index of indices) {
        const { x, y } = points[index] as { x: number; y: number };
        const col = Math.floor((x - ahn.originX) / ahn.stepX - 0.5);
        const row = Math.floor((y - ahn.originY) / ahn.stepY - 0.5);
        expect([
          window.col0 <= col,
          window.col1 >= col + 2,
          window.row0 <= row,
          window.row1 >= row + 2,
        ]).toEqual([true, true, true, true]);
      }
    }
    expect(plan.flatMap((part) => part.indices)).toEqual(points.map((_, i) => i));
  };

  it('takes a 5 km line running north-east in narrow windows along it: under 2M pixels of the 50M around it, in few requests', () => {
    const points = straight(5000, Math.PI / 4);
    const plan = planWindows(ahn, points, windowLimits);
    holdsItsPoints(plan, points);
    expect(plannedPixels(plan)).toBeLessThanOrEqual(2_000_000);
    expect(plan.length).toBeLessThanOrEqual(32);
  });

  it('takes an east–west 5 km line in a few strips of 16 rows, each within the server’s 4,096 columns', () => {
    const points = straight(5000, 0);
    const plan = planWindows(ahn, points, windowLimits);
    holdsItsPoints(plan, points);
    expect(plan.length).toBe(3);
    expect(plan.every(({ window }) => window.row1 - window.row0 === 16)).toBe(true);
  });

  it('keeps a short, dense line in one window, and cuts the same line the same way (cached windows meet again)', () => {
    const points = straight(50, 1, 2000);
    const plan = planWindows(ahn, points, windowLimits);
    expect(plan).toHaveLength(1);
    holdsItsPoints(plan, points);
    const diagonal = straight(5000, Math.PI / 4);
    expect(planWindows(ahn, diagonal, windowLimits)).toEqual(planWindows(ahn, diagonal, windowLimits));
  });
});

describe('LruCache', () => {
  it('drops the least recently used beyond its entries or bytes, and what has expired', () => {
    let now = 0;
    const cache = new LruCache<string>(
      { maxEntries: 2, maxBytes: 10, ttlMs: 100 },
      (v) => v.length,
      () => now,
    );
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cc');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['aaaa', undefined, 'cc']);
    cache.set('d', 'dddddddd');
    expect([cache.get('a'), cache.get('c'), cache.get('d'), cache.byteSize]).toEqual([
      undefined,
      'cc',
      'dddddddd',
      10,
    ]);
    now = 101;
    expect(cache.get('d')).toBeUndefined();
    expect(cache.byteSize).toBe(2);
  });
});
