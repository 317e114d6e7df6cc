import type { Layer, LayerSource } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { mergeSeries, planProfiles } from './profile-series';

const layer = (id: number, name: string, data_source: number | null, layers: Layer[] = []): Layer => ({
  id,
  name,
  visible: true,
  data_source,
  template: '{}',
  user_groups: [],
  layers,
});
const source = (layerId: number, data_source: number, key: string): LayerSource => ({
  layer: layerId,
  data_source,
  type: 0,
  key,
  config: {},
  proxied: false,
});

const tree = [layer(1, 'Relief', 40), layer(2, 'City', null, [layer(3, 'Buildings', 50)])];
const sources = [source(1, 40, 'cesium-terrain'), source(3, 50, '3dtiles')];
const profiles = [
  { title: 'AHN', color: 'red', datasource: null },
  { title: 'Terrain', color: 'green', datasource: 40 },
  { title: 'Survey', color: 'blue', datasource: 60 },
];

describe('which profiles the browser samples', () => {
  it('samples a cesium-terrain profile on the map while its layer is ticked, and the surface over ticked 3D Tiles', () => {
    const plan = planProfiles(profiles, sources, tree, [1, 3]);
    expect(plan.order.map((entry) => `${entry.title}:${entry.source}`)).toEqual([
      'AHN:server',
      'Terrain:terrain',
      'Survey:server',
    ]);
    expect(plan.hidden).toEqual([]);
    expect(plan.surface).toBe(true);
  });

  it('names the layer to tick when the terrain is not shown, and offers no surface without 3D Tiles', () => {
    const plan = planProfiles(profiles, sources, tree, []);
    expect(plan.order.map((entry) => entry.title)).toEqual(['AHN', 'Survey']);
    expect(plan.hidden).toEqual([{ title: 'Terrain', layerName: 'Relief' }]);
    expect(plan.surface).toBe(false);
  });

  it('puts the lines in the configured order, skipping what the server left out', () => {
    const plan = planProfiles(profiles, sources, tree, [1, 3]);
    const stats = { min: null, max: null, mean: null, ascent: null, descent: null };
    // The server could not sample "Survey" (its source is gone): only AHN came back.
    const series = mergeSeries(
      plan,
      [{ title: 'AHN', color: 'red', heights: [1, 2], stats }],
      { terrain: [40, 41], surface: [45, null] },
      'Surface',
    );
    expect(series.map((s) => [s.title, s.source, s.heights])).toEqual([
      ['AHN', 'server', [1, 2]],
      ['Terrain', 'terrain', [40, 41]],
      ['Surface', 'surface', [45, null]],
    ]);
  });
});
