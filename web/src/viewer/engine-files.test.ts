import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const files = ['/assets/cesium-engine-a1.js', '/assets/cesium-engine-b2.css', '/assets/map-services-c3.js'];

/** The links engine-files.ts added to <head>, as `rel href`. */
const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

/** A fresh copy of the module: it remembers what it asked for. */
const load = async () => {
  vi.resetModules();
  return import('./engine-files');
};

describe('engine files', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'geows-engine-files';
    meta.content = files.join(' ');
    document.head.append(meta);
  });
  afterEach(() => {
    document.head.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('on a map route, preloads the engine’s modules and prefetches its stylesheet, once', async () => {
    const { preloadEngine } = await load();
    preloadEngine();
    preloadEngine();
    expect(links()).toEqual([
      'modulepreload /assets/cesium-engine-a1.js',
      'prefetch /assets/cesium-engine-b2.css',
      'modulepreload /assets/map-services-c3.js',
    ]);
    expect([...document.head.querySelectorAll('link')].every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('elsewhere, only prefetches, and a map route later still preloads the modules', async () => {
    const { preloadEngine, prefetchEngine } = await load();
    prefetchEngine();
    expect(links()).toEqual(files.map((file) => `prefetch ${file}`));
    preloadEngine();
    expect(links().filter((link) => link.startsWith('modulepreload'))).toEqual([
      'modulepreload /assets/cesium-engine-a1.js',
      'modulepreload /assets/map-services-c3.js',
    ]);
  });

  it('prefetches nothing on a data-saving or 2G connection', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    (await load()).prefetchEngine();
    vi.stubGlobal('navigator', { ...navigator, connection: { effectiveType: 'slow-2g' } });
    (await load()).prefetchEngine();
    expect(links()).toEqual([]);
  });

  it('fetches nothing early without the build’s list (the dev server)', async () => {
    document.head.replaceChildren();
    const { preloadEngine, prefetchEngine } = await load();
    preloadEngine();
    prefetchEngine();
    expect(links()).toEqual([]);
  });
});
