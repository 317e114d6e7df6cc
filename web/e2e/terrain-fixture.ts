/**
 * A Cesium terrain service for the journeys (served by e2e/fake-arcgis-portal.ts): the
 * `heightmap-1.0` format that `CesiumTerrainProvider` reads besides quantized-mesh, whose
 * tiles are plain 65 × 65 grids of heights, so no mesh encoder is needed. The ground is a
 * ramp rising northwards across the 3D box's patch (map-service-fixtures.ts) and level
 * elsewhere: its height at any place is known here, to the 0.2 m the format stores.
 */

export const terrainFixture = {
  /** The service's folder: `CesiumTerrainProvider.fromUrl` reads `layer.json` from it. */
  path: '/terrain/ramp/',
  /** Tiles down to this level exist; a camera 60 km up asks for levels 8–10. */
  maxLevel: 14,
};

/** 500 m at 52.6° N, rising 1,500 m a degree northwards between 52.3° N (50 m) and 52.9° N (950 m). */
export function terrainHeight(_longitude: number, latitude: number): number {
  return 500 + 1500 * Math.min(0.3, Math.max(-0.3, latitude - 52.6));
}

/** `layer.json`: the geographic tiling (two tiles at level 0, rows counted from the south). */
export function terrainLayerJson() {
  const levels = Array.from({ length: terrainFixture.maxLevel + 1 }, (_, level) => [
    { startX: 0, startY: 0, endX: 2 ** (level + 1) - 1, endY: 2 ** level - 1 },
  ]);
  return {
    tilejson: '2.1.0',
    format: 'heightmap-1.0',
    version: '1.0.0',
    scheme: 'tms',
    projection: 'EPSG:4326',
    tiles: ['{z}/{x}/{y}.terrain?v={version}'],
    minzoom: 0,
    maxzoom: terrainFixture.maxLevel,
    available: levels,
  };
}

const size = 65;

/**
 * One tile: 65 × 65 unsigned 16-bit heights (little-endian, rows from the north edge to
 * the south edge, both edges included), stored as (height + 1000) × 5; then a byte of
 * which children exist (all four, down to the deepest level) and a water mask byte (no water).
 */
export function terrainTile(level: number, x: number, y: number): Buffer {
  const span = 180 / 2 ** level;
  const west = -180 + x * span;
  const north = -90 + (y + 1) * span;
  const tile = Buffer.alloc(size * size * 2 + 2);
  for (let row = 0; row < size; row++) {
    const latitude = north - (row / (size - 1)) * span;
    for (let column = 0; column < size; column++) {
      const longitude = west + (column / (size - 1)) * span;
      const stored = Math.round((terrainHeight(longitude, latitude) + 1000) * 5);
      tile.writeUInt16LE(stored, (row * size + column) * 2);
    }
  }
  tile[size * size * 2] = level < terrainFixture.maxLevel ? 0b1111 : 0;
  tile[size * size * 2 + 1] = 0;
  return tile;
}

/** The tile a request names (`{z}/{x}/{y}.terrain` under the service's folder), or undefined. */
export function terrainTileAt(pathname: string): Buffer | undefined {
  const match = /^(\d+)\/(\d+)\/(\d+)\.terrain$/.exec(pathname.slice(terrainFixture.path.length));
  if (!pathname.startsWith(terrainFixture.path) || !match) return undefined;
  const [level, x, y] = match.slice(1).map(Number) as [number, number, number];
  if (level > terrainFixture.maxLevel || x >= 2 ** (level + 1) || y >= 2 ** level) return undefined;
  return terrainTile(level, x, y);
}
