/**
 * The area of a surface over a polygon, in plan metres (x east, y north) with heights
 * known only on a square grid: the surface is taken as the grid's cells, each split
 * along its diagonal into two flat triangles through the heights at their corners. The
 * polygon is clipped exactly against every triangle, so a cell the edge cuts counts
 * only its inside part, at that triangle's slope. Exact for a surface that is flat
 * within each triangle; a slope that bends inside a cell is smoothed to the cell.
 */

export type PlanPoint = readonly [x: number, y: number];

export type SurfaceGrid = {
  /** Metres between neighbouring nodes. */
  spacing: number;
  /** The nodes whose heights the triangles need, in plan metres. */
  nodes: PlanPoint[];
  /** The grid's triangles that overlap the polygon: their corners (in `nodes`) and the overlap's area in plan. */
  triangles: { corners: [number, number, number]; overlap: number }[];
};

/** `z = slopeX · x + slopeY · y + offset`. */
export type Plane = { slopeX: number; slopeY: number; offset: number };

export type SurfaceRatio = {
  /** The surface's area over its area in plan: 1 when level. */
  ratio: number;
  /** The share (0…1) of the area in plan whose triangles missed a height and took the fallback plane's slope. */
  missing: number;
};

/**
 * The grid under a polygon (either way round), with at most `maxNodes` nodes in its
 * bounding box, so at most that many heights to sample, and no finer than `minSpacing`
 * metres (finer than any map's heights, it would only cost time).
 */
export function surfaceGrid(ring: readonly PlanPoint[], maxNodes = 2500, minSpacing = 0.25): SurfaceGrid {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const [width, height] = [Math.max(...xs) - minX, Math.max(...ys) - minY];
  if (!(width > 0 && height > 0)) return { spacing: 0, nodes: [], triangles: [] };

  let spacing = Math.max(minSpacing, Math.sqrt((width * height) / maxNodes));
  const nodesAt = (s: number) => (Math.ceil(width / s) + 1) * (Math.ceil(height / s) + 1);
  while (nodesAt(spacing) > maxNodes) spacing *= 1.05;
  const columns = Math.ceil(width / spacing);
  const rows = Math.ceil(height / spacing);

  const nodes: PlanPoint[] = [];
  const nodeIndex = new Map<number, number>();
  const node = (column: number, row: number) => {
    const key = row * (columns + 1) + column;
    let index = nodeIndex.get(key);
    if (index === undefined) {
      index = nodes.length;
      nodes.push([minX + column * spacing, minY + row * spacing]);
      nodeIndex.set(key, index);
    }
    return index;
  };

  const triangles: SurfaceGrid['triangles'] = [];
  const negligible = spacing * spacing * 1e-9;
  for (let row = 0; row < rows; row++) {
    const [y0, y1] = [minY + row * spacing, minY + (row + 1) * spacing];
    // The strip first: each cell then clips only the polygon's part in its row.
    const strip = clip(
      clip(ring, (p) => p[1] - y0),
      (p) => y1 - p[1],
    );
    if (strip.length < 3) continue;
    for (let column = 0; column < columns; column++) {
      const [x0, x1] = [minX + column * spacing, minX + (column + 1) * spacing];
      const cell = clip(
        clip(strip, (p) => p[0] - x0),
        (p) => x1 - p[0],
      );
      if (cell.length < 3) continue;
      // Below the diagonal from the cell's south-west corner to its north-east one, and above it.
      const below = Math.abs(shoelace(clip(cell, (p) => p[0] - x0 - (p[1] - y0))));
      const above = Math.abs(shoelace(clip(cell, (p) => p[1] - y0 - (p[0] - x0))));
      if (below > negligible)
        triangles.push({
          corners: [node(column, row), node(column + 1, row), node(column + 1, row + 1)],
          overlap: below,
        });
      if (above > negligible)
        triangles.push({
          corners: [node(column, row), node(column + 1, row + 1), node(column, row + 1)],
          overlap: above,
        });
    }
  }
  return { spacing, nodes, triangles };
}

/**
 * The surface's area over the grid's, per square metre in plan, from the heights of its
 * nodes (null: none known). A triangle missing a corner's height takes `fallback`'s slope.
 */
export function surfaceRatio(
  grid: SurfaceGrid,
  heights: readonly (number | null)[],
  fallback: Plane,
): SurfaceRatio {
  const fallbackRatio = Math.hypot(1, fallback.slopeX, fallback.slopeY);
  let plan = 0;
  let surface = 0;
  let missing = 0;
  for (const { corners, overlap } of grid.triangles) {
    const [a, b, c] = corners.map((index) => {
      const [x, y] = grid.nodes[index] as PlanPoint;
      const z = heights[index];
      return z === null || z === undefined ? undefined : ([x, y, z] as const);
    });
    plan += overlap;
    if (a && b && c) {
      surface += overlap * triangleRatio(a, b, c);
    } else {
      surface += overlap * fallbackRatio;
      missing += overlap;
    }
  }
  return plan > 0 ? { ratio: surface / plan, missing: missing / plan } : { ratio: 1, missing: 0 };
}

/** The plane nearest (least squares) to the points; level through their mean height when they are in a line. */
export function fitPlane(points: readonly (readonly [x: number, y: number, z: number])[]): Plane {
  const n = points.length || 1;
  const [mx, my, mz] = [0, 1, 2].map(
    (axis) => points.reduce((sum, p) => sum + (p[axis] as number), 0) / n,
  ) as [number, number, number];
  let [xx, xy, yy, xz, yz] = [0, 0, 0, 0, 0];
  for (const [x, y, z] of points) {
    const [dx, dy, dz] = [x - mx, y - my, z - mz];
    xx += dx * dx;
    xy += dx * dy;
    yy += dy * dy;
    xz += dx * dz;
    yz += dy * dz;
  }
  const determinant = xx * yy - xy * xy;
  // Relative to the spread, so that metres or kilometres decide alike.
  if (!(Math.abs(determinant) > 1e-12 * (xx * yy || 1))) return { slopeX: 0, slopeY: 0, offset: mz };
  const slopeX = (xz * yy - yz * xy) / determinant;
  const slopeY = (yz * xx - xz * xy) / determinant;
  return { slopeX, slopeY, offset: mz - slopeX * mx - slopeY * my };
}

type Point3 = readonly [number, number, number];

/** A triangle's area in space over its area in plan: the secant of its slope. */
function triangleRatio(a: Point3, b: Point3, c: Point3): number {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]] as const;
  const normal = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]] as const;
  return normal[2] === 0 ? 1 : Math.abs(Math.hypot(...normal) / normal[2]);
}

/**
 * The part of a polygon where `side` is at least 0, `side` being linear (Sutherland–
 * Hodgman against one half-plane). A concave polygon cut in two comes out as one ring
 * joined by edges along the cut, there and back: its area is still the part's area.
 */
function clip(polygon: readonly PlanPoint[], side: (p: PlanPoint) => number): PlanPoint[] {
  const out: PlanPoint[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i] as PlanPoint;
    const q = polygon[(i + 1) % polygon.length] as PlanPoint;
    const [sp, sq] = [side(p), side(q)];
    const [pInside, qInside] = [sp >= 0, sq >= 0];
    if (pInside) out.push(p);
    if (pInside !== qInside) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}

/** Signed area in plan: positive anticlockwise. */
export function shoelace(polygon: readonly PlanPoint[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i] as PlanPoint;
    const q = polygon[(i + 1) % polygon.length] as PlanPoint;
    twice += p[0] * q[1] - q[0] * p[1];
  }
  return twice / 2;
}
