import { describe, expect, it } from 'vitest';
import { readViewerSource } from '../../viewer/layer-config';
import type { LayerKind, ViewerLayer } from '../../viewer/map-engine';
import { arcgisLegendRows, legendOf } from './legend';

/** A layer of a source with this config, read as the viewer reads it (defaults filled in). */
const layer = (kind: LayerKind, config: Record<string, unknown>, template = {}): ViewerLayer => {
  const read = readViewerSource(kind, config);
  if (!read.ok) throw new Error(read.unsupported ? kind : read.message);
  return { id: '1', ...read.source, template, visible: true, opacity: 1 };
};

describe('legendOf', () => {
  it('asks a WMS for the legend of each of its layers, keeping the address’s own parameters', () => {
    const legend = legendOf(
      layer('wms', { url: 'https://maps.example/wms?map=dikes', layers: 'dikes, levees', version: '1.1.1' }),
    );
    expect(legend?.kind).toBe('images');
    if (legend?.kind !== 'images') return;
    expect(legend.images.map((image) => image.title)).toEqual(['dikes', 'levees']);
    const url = new URL(legend.images[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://maps.example/wms');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      map: 'dikes',
      SERVICE: 'WMS',
      REQUEST: 'GetLegendGraphic',
      VERSION: '1.1.1',
      FORMAT: 'image/png',
      LAYER: 'dikes',
    });
  });

  it('follows the template’s sub-layers, and keeps this server’s proxy addresses relative', () => {
    const legend = legendOf(
      layer('wms', { url: '/api/layers/4/proxy/abc.def/wms', layers: 'a' }, { layers: 'b' }),
    );
    if (legend?.kind !== 'images') throw new Error('no images');
    expect(legend.images).toHaveLength(1);
    expect(legend.images[0]?.url).toMatch(/^\/api\/layers\/4\/proxy\/abc\.def\/wms\?SERVICE=WMS&.*LAYER=b/);
  });

  it('reads an ArcGIS map service’s legend, with its token and chosen layers', () => {
    expect(
      legendOf(
        layer('arcgis-mapserver', {
          url: 'https://gis.example/arcgis/rest/services/Parks/MapServer/',
          token: 't0k',
        }),
      ),
    ).toEqual({
      kind: 'arcgis',
      url: 'https://gis.example/arcgis/rest/services/Parks/MapServer/legend?f=json&token=t0k',
    });
    expect(
      legendOf(layer('arcgis-mapserver', { url: 'https://gis.example/MapServer', layers: 'show:0,2' })),
    ).toMatchObject({ layers: ['0', '2'] });
  });

  it('shows the template’s colours for features, the defaults without them', () => {
    expect(
      legendOf(layer('geojson', { url: '/x.geojson' }, { color: '#00ff0080', outlineColor: 'green' })),
    ).toEqual({
      kind: 'swatch',
      fill: '#00ff0080',
      outline: 'green',
      symbol: 'circle',
    });
    expect(legendOf(layer('arcgis-featureserver', { url: 'https://x/FeatureServer/0' }))).toMatchObject({
      kind: 'swatch',
      outline: '#ff6d00',
    });
  });

  it('lists a swatch per category or range the template colours by', () => {
    const categories = legendOf(
      layer(
        'geojson',
        { url: '/x.geojson' },
        {
          pointSymbol: 'star',
          colorBy: {
            by: 'category',
            property: 'kind',
            categories: [
              { value: 'park', color: '#00ff00' },
              { value: 'lake', color: '#0000ff' },
            ],
          },
        },
      ),
    );
    expect(categories).toMatchObject({
      kind: 'swatch',
      symbol: 'star',
      classes: {
        property: 'kind',
        items: [
          { value: 'park', fill: '#00ff00' },
          { value: 'lake', fill: '#0000ff' },
        ],
      },
    });
    const ranges = legendOf(
      layer(
        'arcgis-featureserver',
        { url: 'https://x/FeatureServer/0' },
        { colorBy: { by: 'range', property: 'n', ranges: [{ min: 0, max: 10, color: 'red' }] } },
      ),
    );
    expect(ranges).toMatchObject({ classes: { property: 'n', items: [{ min: 0, max: 10, fill: 'red' }] } });
    const none = legendOf(
      layer('geojson', { url: '/x.geojson' }, { colorBy: { by: 'range', property: 'n', ranges: [] } }),
    );
    expect(none).not.toHaveProperty('classes');
  });

  it('has none for tiles, 3D Tiles, terrain and the built-in imagery, nor for a WMS without layers', () => {
    expect(legendOf(layer('xyz', { url: 'https://x/{z}/{x}/{y}.png' }))).toBeUndefined();
    expect(
      legendOf(layer('wmts', { url: 'https://x/wmts', layer: 'a', tileMatrixSetID: 'EPSG:3857' })),
    ).toBeUndefined();
    for (const kind of ['3dtiles', 'cesium-terrain'] as const)
      expect(legendOf(layer(kind, { url: 'https://x/' }))).toBeUndefined();
    expect(legendOf(layer('builtin', { builtin: 'natural-earth-ii' }))).toBeUndefined();
    expect(legendOf(layer('wms', { url: 'https://x/wms', layers: ' , ' }))).toBeUndefined();
  });
});

describe('arcgisLegendRows', () => {
  const answer = {
    layers: [
      {
        layerId: 0,
        layerName: 'Parks',
        legend: [{ label: 'Park', imageData: 'iVBORw0KGgo=', contentType: 'image/png' }],
      },
      {
        layerId: 2,
        layerName: 'Trails',
        legend: [
          { label: 'Trail', imageData: 'R0lGOD==', contentType: 'image/gif' },
          { label: 'Script', imageData: 'PHN2Zz4=', contentType: 'image/svg+xml' },
          { label: 'Broken', imageData: '"><script>', contentType: 'image/png' },
        ],
      },
    ],
  };

  it('lists each layer’s symbols as data: images, only raster types with clean base64', () => {
    expect(arcgisLegendRows(answer)).toEqual([
      { layer: 'Parks', label: 'Park', image: 'data:image/png;base64,iVBORw0KGgo=' },
      { layer: 'Trails', label: 'Trail', image: 'data:image/gif;base64,R0lGOD==' },
    ]);
    expect(arcgisLegendRows(answer, ['2']).map((row) => row.label)).toEqual(['Trail']);
  });

  it('names the service’s refusal', () => {
    expect(() => arcgisLegendRows({ error: { code: 499, message: 'Token Required' } })).toThrow(
      'Token Required',
    );
  });
});
