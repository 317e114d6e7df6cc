import type { Layer, LayerSource } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { layerKey } from '../../viewer/layer-status';
import { drawnLayers } from './layer-tree';
import { capabilityKeptMs, type HeldSource, steadySources } from './steady-sources';
import { toViewerLayers } from './to-viewer-layers';

const layer = (id: number, overrides: Partial<Layer> = {}): Layer => ({
  id,
  name: `Layer ${id}`,
  visible: true,
  data_source: id * 10,
  template: '{}',
  user_groups: [],
  layers: [],
  ...overrides,
});
const source = (
  id: number,
  key: string,
  config: Record<string, unknown> = { url: `https://x/${id}` },
): LayerSource => ({
  layer: id,
  data_source: id * 10,
  type: 1,
  key,
  config,
  proxied: false,
});
const messages = { unreadable: 'unreadable', unsupported: 'unsupported' };

describe('the viewer layers of a tree', () => {
  const tree = [
    layer(1, {
      name: 'Natural Earth II baseLayer',
      data_source: null,
      template: '{"builtin":"natural-earth-ii"}',
    }),
    layer(2, { template: '{"color":"#00ff00","opacity":0.5}' }),
    layer(3, { template: '{"colour":"red"}' }),
    layer(4),
    layer(5, { data_source: null, name: 'Group', layers: [layer(6)] }),
    layer(7),
    layer(8),
  ];
  const byLayer = new Map([
    [2, source(2, 'geojson')],
    [3, source(3, 'geojson')],
    [6, source(6, 'wms', { url: 'https://x/wms', layers: 'a' })],
    [7, source(7, 'something-new')],
    // A WMS source that names no layer: its config does not fit the type.
    [8, source(8, 'wms', { url: 'https://x/wms' })],
  ]);

  it('draws built-in imagery, styles from templates, and gives each broken layer its own error', () => {
    const { layers, problems } = toViewerLayers(drawnLayers(tree, {}), { state: 'ready', byLayer }, messages);
    // The base layer, first in the tree, lies under the others.
    expect(layers.map((l) => [l.id, l.kind, l.opacity])).toEqual([
      ['2', 'geojson', 0.5],
      ['6', 'wms', 1],
      ['1', 'builtin', 1],
    ]);
    expect(layers[0]?.template).toEqual({ color: '#00ff00', opacity: 0.5 });
    // The source's config as the map reads it: the type's defaults filled in.
    expect(layers[1]?.config).toMatchObject({ url: 'https://x/wms', layers: 'a', version: '1.3.0' });
    expect(problems['3']).toMatchObject({ state: 'error', message: expect.stringContaining('colour') });
    // Layer 4's source is not among the answer: the reader may not see it, or it is gone.
    expect(problems['4']).toEqual({ id: '4', state: 'error', message: 'unreadable' });
    expect(problems['7']).toEqual({ id: '7', state: 'error', message: 'unsupported' });
    expect(problems['8']).toMatchObject({ state: 'error', message: expect.stringContaining('layers') });
    expect(problems['5']).toBeUndefined();
  });

  it('shows layers with sources as loading until the sources are read', () => {
    const { layers, problems } = toViewerLayers(drawnLayers(tree, {}), { state: 'loading' }, messages);
    expect(layers.map((l) => l.id)).toEqual(['1']);
    expect(problems['2']).toEqual({ id: '2', state: 'loading' });
    // A bad template is known at once, sources or not.
    expect(problems['3']?.state).toBe('error');
  });

  it('shows a layer whose source is not in the answer yet as loading while the sources are read again', () => {
    const { problems } = toViewerLayers(
      drawnLayers(tree, {}),
      { state: 'ready', byLayer, refreshing: true },
      messages,
    );
    expect(problems['4']).toEqual({ id: '4', state: 'loading' });
    // The others draw meanwhile, from the answer before.
    expect(problems['2']).toBeUndefined();
  });
});

describe('the viewer layers after the sources are read again', () => {
  const uploaded = (capability: string): LayerSource => ({
    layer: 2,
    data_source: 20,
    type: 5,
    key: 'geojson',
    config: { url: `/api/layers/2/features?capability=${capability}`, uploaded: 'file-1' },
    proxied: true,
  });
  const tree = [layer(2, { template: '{"color":"#00ff00"}' })];
  const draw = (held: Map<number, HeldSource>) =>
    toViewerLayers(
      drawnLayers(tree, {}),
      { state: 'ready', byLayer: new Map([...held].map(([id, h]) => [id, h.source])) },
      messages,
    ).layers;

  it('keeps the layer as it is when only the capability in its address changed (no reload)', () => {
    const first = steadySources(new Map(), [uploaded('aaa')], 0);
    const again = steadySources(first, [uploaded('bbb')], 60_000);
    const [before] = draw(first);
    const [after] = draw(again);
    expect(before && after && layerKey(after)).toBe(before && layerKey(before));
  });

  it('takes another upload, or an old capability, as what it is', () => {
    const first = steadySources(new Map(), [uploaded('aaa')], 0);
    const replaced = { ...uploaded('bbb'), config: { ...uploaded('bbb').config, uploaded: 'file-2' } };
    expect(steadySources(first, [replaced], 1)).toEqual(new Map([[2, { source: replaced, since: 1 }]]));
    expect(steadySources(first, [uploaded('ccc')], capabilityKeptMs).get(2)?.source).toEqual(uploaded('ccc'));
  });
});
