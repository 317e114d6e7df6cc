import { cachedLoader, LruCache } from './lru-cache.js';
import type { Raster } from './raster.js';

/** A decoded window of heights, as the caches keep it: 4 bytes a height. */
export type HeightWindow = Raster & { values: Float32Array };

/** The default of `ELEVATION_CACHE_MB`: the last few profiles' windows (a 5 km line takes 1–8 MB). */
export const defaultWindowCacheBytes = 32 * 1024 * 1024;
/** What an entry costs beside its heights: the key (a GetCoverage URL), the grid, the map's own. */
const entryOverhead = 1024;

/**
 * The decoded windows all elevation sources of the process keep between profiles, under
 * one budget of real bytes (their heights and a little per entry), for ten minutes:
 * a repeated or nearby profile reads no service again. `load` fetches a window once even
 * when several profiles ask for it at the same time.
 */
export function createWindowCache(maxBytes = defaultWindowCacheBytes) {
  const cache = new LruCache<HeightWindow>(
    { maxEntries: 4096, maxBytes, ttlMs: 600_000 },
    (window) => window.values.byteLength + entryOverhead,
  );
  return {
    load: cachedLoader(cache),
    /** How many windows are held, and their bytes. */
    stats: () => ({ windows: cache.size, bytes: cache.byteSize }),
  };
}
export type WindowCache = ReturnType<typeof createWindowCache>;
