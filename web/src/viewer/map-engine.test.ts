import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapEngine } from './map-engine';

const createCesiumEngine = vi.fn<() => Promise<MapEngine>>();
vi.mock('./cesium-engine', () => ({ createCesiumEngine }));

const camera = { longitude: 5.3, latitude: 52.1, height: 350_000, heading: 0, pitch: -90, roll: 0 };

/** map-engine.ts afresh: it remembers its WebGL check. */
const loadMapEngine = () => import('./map-engine');

describe('creating the map', () => {
  let getContext: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.resetModules();
    getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    createCesiumEngine.mockReset();
  });

  it('makes no WebGL context of its own beside the map’s', async () => {
    const engine = { waitForIdle: vi.fn(), toScreen: vi.fn() } as unknown as MapEngine;
    createCesiumEngine.mockResolvedValue(engine);
    const { createMapEngine } = await loadMapEngine();
    expect(await createMapEngine(document.createElement('div'), { camera })).toBe(engine);
    expect(getContext).not.toHaveBeenCalled();
  });

  it('says so when the map could not be built because the browser has no WebGL', async () => {
    createCesiumEngine.mockRejectedValue(new Error('The browser does not support WebGL.'));
    getContext.mockReturnValue(null);
    const { createMapEngine } = await loadMapEngine();
    await expect(createMapEngine(document.createElement('div'), { camera })).rejects.toThrow(
      'This browser cannot draw 3D maps (WebGL is not available).',
    );
  });

  it('passes any other failure on as it is', async () => {
    createCesiumEngine.mockRejectedValue(new Error('Out of memory'));
    getContext.mockReturnValue({} as RenderingContext);
    const { createMapEngine } = await loadMapEngine();
    await expect(createMapEngine(document.createElement('div'), { camera })).rejects.toThrow('Out of memory');
  });
});
