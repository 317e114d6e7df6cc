import type { Active, Over } from '@dnd-kit/core';
import type { Layer } from '@geows/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { nl } from '../../../../i18n/nl';
import { placeText, treeAnnouncements } from './tree-announcements';

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
const group = (id: number, name: string, layers: Layer[]) => layer(id, name, { data_source: null, layers });

// World [Countries, Rivers], Harbour tiles, Satellite baseLayer, Natural Earth II baseLayer
const tree = [
  group(1, 'World', [layer(2, 'Countries'), layer(3, 'Rivers')]),
  layer(4, 'Harbour tiles'),
  layer(5, 'Satellite baseLayer'),
  layer(6, 'Natural Earth II baseLayer'),
];
const en = i18next.getFixedT('en');
// What dnd-kit hands the announcements: only the ids count.
const active = (id: number) => ({ id }) as unknown as Active;
const over = (id: number) => ({ id }) as unknown as Over;

describe('the editor tree’s drag announcements', () => {
  beforeAll(() => {
    i18next.addResourceBundle('nl', 'translation', nl, true, true);
  });

  it('name the layer and its place, not ids', () => {
    const say = treeAnnouncements(tree, en);
    expect(say.onDragStart({ active: active(4) })).toBe('Picked up Harbour tiles.');
    // Over World's first child, moving up: into World, in that child's place.
    expect(say.onDragOver({ active: active(4), over: over(2) })).toBe(
      'Harbour tiles moved into World, position 1.',
    );
    expect(say.onDragOver({ active: active(4), over: over(3) })).toBe(
      'Harbour tiles moved into World, position 2.',
    );
    expect(say.onDragEnd({ active: active(4), over: over(3) })).toBe(
      'Harbour tiles dropped into World, position 2.',
    );
    expect(say.onDragEnd({ active: active(2), over: over(1) })).toBe(
      'Countries dropped at the top level, position 1.',
    );
    expect(say.onDragCancel({ active: active(4), over: over(2) })).toBe(
      'Moving Harbour tiles was cancelled.',
    );
  });

  it('say when nothing changes', () => {
    const say = treeAnnouncements(tree, en);
    expect(say.onDragOver({ active: active(4), over: over(4) })).toBe('Harbour tiles is over its own place.');
    expect(say.onDragEnd({ active: active(4), over: over(4) })).toBe(
      'Harbour tiles was dropped in its own place: nothing changed.',
    );
    expect(say.onDragOver({ active: active(1), over: over(3) })).toBe('World cannot move into itself.');
    expect(say.onDragOver({ active: active(4), over: null })).toBe(
      'Harbour tiles is no longer over the list.',
    );
    expect(say.onDragEnd({ active: active(4), over: null })).toBe(
      'Harbour tiles was dropped outside the list: nothing changed.',
    );
  });

  it('say that base layers stay under the others, whatever the place in the tree', () => {
    // Dropped below a base layer: the tree puts it under the base map, the map does not.
    expect(placeText(tree, 4, 6, false, en)).toBe(
      'Harbour tiles moved to the top level, position 4. It is still drawn above the base map: base layers are always drawn below the other layers.',
    );
    // A group carries its layers along.
    expect(placeText(tree, 1, 5, true, en)).toBe(
      'World dropped at the top level, position 3. It is still drawn above the base map: base layers are always drawn below the other layers.',
    );
    // A base layer moved above the others still draws under them.
    expect(placeText(tree, 6, 1, true, en)).toBe(
      'Natural Earth II dropped at the top level, position 1. It is still drawn below the other layers, as base layers always are.',
    );
    // Among the base layers, or above them only: no note, the tree tells the truth.
    expect(placeText(tree, 6, 5, false, en)).toBe('Natural Earth II moved to the top level, position 3.');
    expect(placeText(tree, 4, 1, false, en)).toBe('Harbour tiles moved to the top level, position 1.');
  });

  it('speak the interface’s language', () => {
    const say = treeAnnouncements(tree, i18next.getFixedT('nl'));
    expect(say.onDragStart({ active: active(4) })).toBe('Harbour tiles opgepakt.');
    expect(say.onDragEnd({ active: active(4), over: over(3) })).toBe(
      'Harbour tiles neergezet in World, positie 2.',
    );
  });
});
