import { describe, expect, it } from 'vitest';
import { imageryStatus, layerKey } from './layer-status';
import type { LayerConfigs, ViewerLayer } from './map-engine';

describe('imagery layer status', () => {
  it('is loading until a tile answered, ready once one loaded, broken when all failed', () => {
    expect(imageryStatus({ ok: 0, failed: 0, lastError: '' }).state).toBe('loading');
    expect(imageryStatus({ ok: 1, failed: 3, lastError: 'x' }).state).toBe('ready');
    expect(imageryStatus({ ok: 0, failed: 2, lastError: 'The server answered 404.' })).toEqual({
      state: 'error',
      message: 'The server answered 404.',
    });
  });

  it('keys a layer by kind, config and style, not by visibility or opacity', () => {
    const config: LayerConfigs['xyz'] = {
      url: 'https://tiles.example/{z}/{x}/{y}.png',
      subdomains: [],
      minimumLevel: 0,
      maximumLevel: 19,
      credit: '',
      apiKeyParameter: 'key',
    };
    const base: ViewerLayer = { id: '1', kind: 'xyz', config, template: {}, visible: true, opacity: 1 };
    expect(layerKey(base)).toBe(
      layerKey({ ...base, visible: false, opacity: 0.5, template: { opacity: 0.5 } }),
    );
    expect(layerKey(base)).not.toBe(layerKey({ ...base, config: { ...config, maximumLevel: 18 } }));
    expect(layerKey(base)).not.toBe(layerKey({ ...base, template: { color: 'red' } }));
  });
});
