/**
 * Heights from rasters: the pixel grid of a coverage or a GeoTIFF, the windows of it a
 * profile needs, and bilinear sampling. Grids are axis-aligned, in the raster's CRS with
 * x east and y north; pixel (0, 0) is the top-left one.
 */

export type Grid = {
  /** The outer corner of pixel (0, 0). */
  originX: number;
  originY: number;
  /** Per column and per row (negative for a north-up raster). */
  stepX: number;
  stepY: number;
  width: number;
  height: number;
};

/** Decoded heights of one grid, row by row; a value in `nodata`, or not finite, is no height. */
export type Raster = { grid: Grid; values: ArrayLike<number>; nodata: number[] };

/** A part of a grid: columns col0 … col1 - 1, rows row0 … row1 - 1. */
export type PixelWindow = { col0: number; row0: number; col1: number; row1: number };

/** A point in pixel units: (0, 0) the centre of pixel (0, 0). */
export function pixelOf(grid: Grid, x: number, y: number): { u: number; v: number } {
  return { u: (x - grid.originX) / grid.stepX - 0.5, v: (y - grid.originY) / grid.stepY - 0.5 };
}

/** Whether a point lies on the raster (within its outer edges). */
function inside(grid: Grid, u: number, v: number): boolean {
  return u >= -0.5 && v >= -0.5 && u <= grid.width - 0.5 && v <= grid.height - 0.5;
}

export function windowGrid(grid: Grid, window: PixelWindow): Grid {
  return {
    originX: grid.originX + window.col0 * grid.stepX,
    originY: grid.originY + window.row0 * grid.stepY,
    stepX: grid.stepX,
    stepY: grid.stepY,
    width: window.col1 - window.col0,
    height: window.row1 - window.row0,
  };
}

/**
 * The height at (x, y), interpolated bilinearly between the four pixel centres around it
 * (a plane's heights come back exactly). Null outside the raster, or when the nearest
 * pixel has no height; a neighbour without one is left out of the weights.
 */
export function sampleBilinear(raster: Raster, x: number, y: number): number | null {
  const { grid, values } = raster;
  const { u, v } = pixelOf(grid, x, y);
  if (!inside(grid, u, v)) return null;
  const cu = Math.min(Math.max(u, 0), grid.width - 1);
  const cv = Math.min(Math.max(v, 0), grid.height - 1);
  const c0 = Math.min(Math.floor(cu), Math.max(grid.width - 2, 0));
  const r0 = Math.min(Math.floor(cv), Math.max(grid.height - 2, 0));
  const fu = cu - c0;
  const fv = cv - r0;
  const isHeight = (value: number) =>
    Number.isFinite(value) &&
    !raster.nodata.some((nodata) => value === nodata || value === Math.fround(nodata));
  const at = (col: number, row: number) =>
    col < grid.width && row < grid.height ? (values[row * grid.width + col] ?? Number.NaN) : Number.NaN;
  const nearest = at(Math.round(cu), Math.round(cv));
  if (!isHeight(nearest)) return null;
  let sum = 0;
  let weights = 0;
  for (const [col, row, weight] of [
    [c0, r0, (1 - fu) * (1 - fv)],
    [c0 + 1, r0, fu * (1 - fv)],
    [c0, r0 + 1, (1 - fu) * fv],
    [c0 + 1, r0 + 1, fu * fv],
  ] as const) {
    if (weight <= 0) continue;
    const value = at(col, row);
    if (!isHeight(value)) continue;
    sum += value * weight;
    weights += weight;
  }
  return weights > 0 ? sum / weights : nearest;
}

export type WindowLimits = {
  /** The most columns or rows one request may ask for (what a server answers at once). */
  maxSide: number;
  /** The most pixels one window may hold (memory per decoded window). */
  maxPixels: number;
  /**
   * What one more request is worth, in pixels: points share a window while that costs fewer
   * pixels than windows of their own would, plus this much per extra window. A line's points
   * far apart get narrow windows along it rather than one square around it.
   */
  mergePixels: number;
  /** Windows start and end on multiples of this (from pixel 0), so that lines close by share cached windows. */
  align: number;
};

const pixelsOf = (w: PixelWindow) => (w.col1 - w.col0) * (w.row1 - w.row0);

/**
 * The windows of `grid` that hold the four pixels around each point, each with the indices
 * of its points: the line's points cut into runs, one window around each run, the cuts
 * chosen for the fewest pixels plus `mergePixels` per window (dynamic programming over
 * the runs, each within `limits`). Points off the raster are in no window.
 */
export function planWindows(
  grid: Grid,
  points: readonly ({ x: number; y: number } | null)[],
  limits: WindowLimits,
): { window: PixelWindow; indices: number[] }[] {
  const snapDown = (n: number) => Math.max(0, Math.floor(n / limits.align) * limits.align);
  const snapUp = (n: number, max: number) => Math.min(max, Math.ceil(n / limits.align) * limits.align);
  const around = (u: number, v: number): PixelWindow => {
    const col = Math.min(Math.max(Math.floor(u), 0), Math.max(grid.width - 2, 0));
    const row = Math.min(Math.max(Math.floor(v), 0), Math.max(grid.height - 2, 0));
    return {
      col0: snapDown(col),
      row0: snapDown(row),
      col1: snapUp(Math.min(col + 2, grid.width), grid.width),
      row1: snapUp(Math.min(row + 2, grid.height), grid.height),
    };
  };
  // Points in a row that need the same aligned block go as one: a dense line has few blocks.
  const placed: { indices: number[]; needed: PixelWindow }[] = [];
  points.forEach((point, index) => {
    if (!point) return;
    const { u, v } = pixelOf(grid, point.x, point.y);
    if (!inside(grid, u, v)) return;
    const needed = around(u, v);
    const last = placed.at(-1);
    if (
      last &&
      last.needed.col0 === needed.col0 &&
      last.needed.row0 === needed.row0 &&
      last.needed.col1 === needed.col1 &&
      last.needed.row1 === needed.row1
    )
      last.indices.push(index);
    else placed.push({ indices: [index], needed });
  });

  // cost[j]: the least pixels (plus mergePixels a window) for the first j blocks; start[j]:
  // where the last run of that cut begins.
  const count = placed.length;
  const cost = new Float64Array(count + 1);
  const start = new Int32Array(count + 1);
  for (let end = 1; end <= count; end++) {
    cost[end] = Number.POSITIVE_INFINITY;
    let col0 = Number.POSITIVE_INFINITY;
    let row0 = Number.POSITIVE_INFINITY;
    let col1 = 0;
    let row1 = 0;
    for (let first = end - 1; first >= 0; first--) {
      const { needed } = placed[first] as (typeof placed)[number];
      col0 = Math.min(col0, needed.col0);
      row0 = Math.min(row0, needed.row0);
      col1 = Math.max(col1, needed.col1);
      row1 = Math.max(row1, needed.row1);
      const pixels = (col1 - col0) * (row1 - row0);
      const fits =
        col1 - col0 <= limits.maxSide && row1 - row0 <= limits.maxSide && pixels <= limits.maxPixels;
      // An earlier first point only adds pixels: once a run is too large, or dearer than the
      // best cut so far, so are all longer ones. A point alone always makes a window.
      if (first < end - 1 && (!fits || pixels + limits.mergePixels >= (cost[end] as number))) break;
      const total = (cost[first] as number) + pixels + limits.mergePixels;
      if (total < (cost[end] as number)) {
        cost[end] = total;
        start[end] = first;
      }
    }
  }

  const windows: { window: PixelWindow; indices: number[] }[] = [];
  for (let end = count; end > 0; end = start[end] as number) {
    const run = placed.slice(start[end], end);
    const window = run.reduce(
      (joined, { needed }) => ({
        col0: Math.min(joined.col0, needed.col0),
        row0: Math.min(joined.row0, needed.row0),
        col1: Math.max(joined.col1, needed.col1),
        row1: Math.max(joined.row1, needed.row1),
      }),
      (run[0] as (typeof placed)[number]).needed,
    );
    windows.push({ window, indices: run.flatMap(({ indices }) => indices) });
  }
  return windows.reverse();
}

/** The pixels of all windows of a plan: what a profile fetches and decodes. */
export const plannedPixels = (plan: readonly { window: PixelWindow }[]) =>
  plan.reduce((sum, { window }) => sum + pixelsOf(window), 0);
