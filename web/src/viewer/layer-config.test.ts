import { describe, expect, it } from 'vitest';
import { layerKinds, readViewerSource } from './layer-config';

describe('reading a source as the map’s', () => {
  it('fills in the contract’s defaults', () => {
    expect(readViewerSource('wms', { url: 'https://x/wms', layers: 'a' })).toEqual({
      ok: true,
      source: {
        kind: 'wms',
        config: {
          url: 'https://x/wms',
          layers: 'a',
          version: '1.3.0',
          format: 'image/png',
          transparent: true,
          parameters: {},
        },
      },
    });
  });

  it('takes this server’s addresses (the layer proxy, uploaded features)', () => {
    const uploaded = readViewerSource('geojson', {
      uploaded: 'parks.geojson',
      url: '/api/layers/3/features?token=t',
    });
    expect(uploaded).toMatchObject({
      ok: true,
      source: { kind: 'geojson', config: { clampToGround: true } },
    });
    const proxied = readViewerSource('xyz', { url: '/api/layers/4/proxy/c.s/{z}/{x}/{y}.png' });
    expect(proxied.ok).toBe(true);
  });

  it('refuses a config that does not fit, naming the field; a kind it does not draw is unsupported', () => {
    expect(readViewerSource('wmts', { url: 'https://x/wmts', layer: 'a' })).toEqual({
      ok: false,
      unsupported: false,
      message: expect.stringMatching(/^The data source's settings are not valid: tileMatrixSetID: /),
    });
    expect(readViewerSource('3dtiles', { url: 'javascript:alert(1)' })).toMatchObject({ ok: false });
    expect(readViewerSource('3dtiles', { url: '//elsewhere.example/tileset.json' })).toMatchObject({
      ok: false,
    });
    expect(readViewerSource('geojson', { uploaded: 'parks.geojson' })).toMatchObject({ ok: false });
    expect(readViewerSource('something-new', {})).toEqual({ ok: false, unsupported: true });
    // Heights for profiles, not a layer to draw.
    expect(readViewerSource('geotiff', { url: 'https://x/dem.tif' })).toEqual({
      ok: false,
      unsupported: true,
    });
  });

  it('draws the kinds of data source that are layers, and the built-in imagery', () => {
    expect([...layerKinds].sort()).toEqual(
      [
        '3dtiles',
        'arcgis-featureserver',
        'arcgis-mapserver',
        'builtin',
        'cesium-terrain',
        'geojson',
        'wms',
        'wmts',
        'xyz',
      ].sort(),
    );
  });
});
