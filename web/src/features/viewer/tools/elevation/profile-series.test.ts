import type { Layer, LayerSource } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { mergeSeries, planProfiles, terrainLayersOf } from './profile-series';

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
    expect(plan.order[1]).toEqual({ source: 'terrain', title: 'Terrain', color: 'green', layer: '1' });
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
      { layers: { 1: [40, 41] }, surface: [45, null] },
      'Surface',
    );
    expect(series.map((s) => [s.title, s.source, s.reference, s.heights])).toEqual([
      ['AHN', 'server', 'sea', [1, 2]],
      ['Terrain', 'terrain', 'ellipsoid', [40, 41]],
      ['Surface', 'surface', 'ellipsoid', [45, null]],
    ]);
  });

  it('reads each terrain profile from its own layer, not from the terrain the globe shows', () => {
    // Old and new terrain, both ticked: the globe shows only the first, but each profile its own.
    const terrains = [layer(7, 'Terrain 2019', 70), layer(8, 'Terrain 2024', 80)];
    const plan = planProfiles(
      [
        { title: '2019', color: 'grey', datasource: 70 },
        { title: '2024', color: 'black', datasource: 80 },
        { title: '2024 again', color: 'blue', datasource: 80 },
      ],
      [source(7, 70, 'cesium-terrain'), source(8, 80, 'cesium-terrain')],
      terrains,
      [7, 8],
    );
    expect(terrainLayersOf(plan)).toEqual(['7', '8']);
    const series = mergeSeries(plan, [], { layers: { 7: [1, 2], 8: [1.5, 2.5] }, surface: null }, 'Surface');
    expect(series.map((s) => [s.title, s.heights])).toEqual([
      ['2019', [1, 2]],
      ['2024', [1.5, 2.5]],
      ['2024 again', [1.5, 2.5]],
    ]);
  });

  it('samples a ticked layer of the source when another layer of it is hidden', () => {
    const plan = planProfiles(
      [{ title: 'Terrain', color: 'green', datasource: 40 }],
      [source(1, 40, 'cesium-terrain'), source(4, 40, 'cesium-terrain')],
      [layer(1, 'Relief', 40), layer(4, 'Relief copy', 40)],
      [4],
    );
    expect(terrainLayersOf(plan)).toEqual(['4']);
  });

  it('leaves the map’s lines empty until the map has measured them', () => {
    const plan = planProfiles(profiles, sources, tree, [1, 3]);
    const series = mergeSeries(plan, [], undefined, 'Surface');
    expect(series.map((s) => [s.title, s.heights])).toEqual([
      ['Terrain', null],
      ['Surface', null],
    ]);
  });
});
