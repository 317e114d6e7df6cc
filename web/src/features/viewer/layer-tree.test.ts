import { camera, type Layer } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import {
  checkState,
  displayName,
  drawnLayers,
  flattenLayers,
  initialVisibility,
  isBaseLayer,
  parseCamera,
  setVisible,
  tickedIds,
  visibilityOf,
} from './layer-tree';

const layer = (id: number, name: string, overrides: Partial<Layer> = {}): Layer => ({
  id,
  name,
  visible: true,
  data_source: id * 10,
  template: '{}',
  user_groups: [],
  layers: [],
  ...overrides,
});

const tree: Layer[] = [
  layer(1, 'Buildings'),
  layer(2, 'Group', {
    data_source: null,
    layers: [
      layer(3, 'Roads'),
      layer(4, 'Rivers', { visible: false }),
      layer(5, 'Sub', { data_source: null, layers: [layer(6, 'Trees')] }),
    ],
  }),
  layer(7, 'Satellite baseLayer'),
  layer(8, 'Streets baseLayer'),
];

describe('layer tree', () => {
  it('flattens depth first in order', () => {
    expect(flattenLayers(tree).map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('starts from the saved ticks, with at most one base layer', () => {
    const visibility = initialVisibility(tree);
    expect(visibility).toMatchObject({ 1: true, 3: true, 4: false, 7: true, 8: false });
  });

  it('lets a group tick and untick all its descendants', () => {
    const off = setVisible(tree, initialVisibility(tree), 2, false);
    expect([off[2], off[3], off[4], off[5], off[6]]).toEqual([false, false, false, false, false]);
    expect(off[1]).toBe(true);
    const on = setVisible(tree, off, 2, true);
    expect([on[2], on[3], on[4], on[5], on[6]]).toEqual([true, true, true, true, true]);
  });

  it('shows a mixed group when its children differ', () => {
    const group = tree[1] as Layer;
    const visibility = initialVisibility(tree);
    expect(checkState(group, visibility)).toBe('mixed');
    expect(checkState(group, setVisible(tree, visibility, 2, true))).toBe('checked');
    expect(checkState(group, setVisible(tree, visibility, 2, false))).toBe('unchecked');
  });

  it('makes base layers an exclusive choice', () => {
    const visibility = setVisible(tree, initialVisibility(tree), 8, true);
    expect([visibility[7], visibility[8]]).toEqual([false, true]);
    expect(isBaseLayer({ name: 'Streets baseLayer' })).toBe(true);
    expect(isBaseLayer({ name: 'Streets' })).toBe(false);
  });

  it('draws a layer only when it and all its groups are ticked', () => {
    const visibility = setVisible(tree, initialVisibility(tree), 5, false);
    const drawn = drawnLayers(tree, visibility);
    expect(drawn.map((d) => [d.layer.id, d.shown])).toEqual([
      [1, true],
      [3, true],
      [4, false],
      [6, false],
      [7, true],
      [8, false],
    ]);
    const groupOff = { ...initialVisibility(tree), 2: false };
    expect(drawnLayers(tree, groupOff).find((d) => d.layer.id === 3)?.shown).toBe(false);
  });

  it('shows base layers without their marker, other names as they are', () => {
    expect(displayName('Natural Earth II baseLayer')).toBe('Natural Earth II');
    expect(displayName('baseLayer OSM streets')).toBe('OSM streets');
    expect(displayName('baseLayer')).toBe('baseLayer');
    expect(displayName('Roads')).toBe('Roads');
  });

  it('reads a saved camera, or nothing from bad JSON', () => {
    const saved = { longitude: 5, latitude: 52, height: 1000, heading: 0, pitch: -45, roll: 0 };
    expect(parseCamera(JSON.stringify(saved), camera)).toEqual(saved);
    expect(parseCamera('{', camera)).toBeUndefined();
    expect(parseCamera('{"longitude": 500}', camera)).toBeUndefined();
  });

  it('ticks exactly the layers of a saved view, and reads the ticks back as ids', () => {
    const visibility = visibilityOf(tree, [2, 3, 6, 99]);
    expect(visibility).toEqual({
      1: false,
      2: true,
      3: true,
      4: false,
      5: false,
      6: true,
      7: false,
      8: false,
    });
    expect(tickedIds(tree, visibility)).toEqual([2, 3, 6]);
    // Trees unknown to the ticks read as saved.
    expect(tickedIds(tree, {})).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });
});
