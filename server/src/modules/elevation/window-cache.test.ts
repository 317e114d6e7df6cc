import { describe, expect, it } from 'vitest';
import type { Grid } from './raster.js';
import { createWindowCache, defaultWindowCacheBytes } from './window-cache.js';

const grid: Grid = { originX: 0, originY: 0, stepX: 1, stepY: -1, width: 256, height: 256 };
/** A 256 × 256 window: 256 KB of float32 heights. */
const window = () => ({ grid, values: new Float32Array(256 * 256), nodata: [] });

describe('createWindowCache', () => {
  it('keeps 32 MB by default', () => {
    expect(defaultWindowCacheBytes).toBe(32 * 1024 * 1024);
  });

  it('counts the real bytes of the heights (4 a height, and a little per entry) and drops the least recently used beyond its budget', async () => {
    const cache = createWindowCache(1024 * 1024);
    let loads = 0;
    const load = (key: string) =>
      cache.load(key, async () => {
        loads += 1;
        return window();
      });
    for (const key of ['a', 'b', 'c']) await load(key);
    expect(cache.stats().windows).toBe(3);
    expect(cache.stats().bytes).toBeGreaterThanOrEqual(3 * 256 * 1024);
    expect(cache.stats().bytes).toBeLessThan(3 * 256 * 1024 + 16 * 1024);
    await load('a');
    expect(loads).toBe(3);
    // A fourth window would pass 1 MB with the entries' own bytes: the least recently used (b) goes.
    await load('d');
    expect(cache.stats()).toMatchObject({ windows: 3 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(1024 * 1024);
    await load('a');
    await load('c');
    await load('d');
    expect(loads).toBe(4);
    await load('b');
    expect(loads).toBe(5);
  });

  it('keeps nothing with a budget of 0, and loads a window once for callers asking at the same time', async () => {
    const cache = createWindowCache(0);
    let loads = 0;
    const slow = () =>
      cache.load('a', async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return window();
      });
    const [first, second] = await Promise.all([slow(), slow()]);
    expect(first).toBe(second);
    expect([loads, cache.stats().windows, cache.stats().bytes]).toEqual([1, 0, 0]);
    await slow();
    expect(loads).toBe(2);
  });
});
