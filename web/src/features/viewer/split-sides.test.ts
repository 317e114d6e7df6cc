import type { Layer } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { splitSides } from './split-sides';

const layer = (id: number, layers: Layer[] = []): Layer => ({
  id,
  name: `Layer ${id}`,
  visible: true,
  data_source: layers.length > 0 ? null : id,
  template: '{}',
  user_groups: [],
  layers,
});

// 1 (group) holds 2 and 3 (group) which holds 4; 5 stands alone.
const tree = [layer(1, [layer(2), layer(3, [layer(4)])]), layer(5)];

describe('splitSides', () => {
  it('leaves every layer out when neither side lists any', () => {
    expect(splitSides(tree, { left: [], right: [] })).toEqual(new Map());
  });

  it('gives a listed layer its side and leaves the others on both', () => {
    expect(splitSides(tree, { left: [5], right: [2] })).toEqual(
      new Map([
        [5, 'left'],
        [2, 'right'],
      ]),
    );
  });

  it('passes a group’s side to everything below it', () => {
    expect(splitSides(tree, { left: [1], right: [] })).toEqual(
      new Map([
        [1, 'left'],
        [2, 'left'],
        [3, 'left'],
        [4, 'left'],
      ]),
    );
  });

  it('lets a layer listed itself win over its group, and the nearest group over one further up', () => {
    const sides = splitSides(tree, { left: [1, 4], right: [3] });
    expect(sides.get(2)).toBe('left');
    expect(sides.get(3)).toBe('right');
    expect(sides.get(4)).toBe('left');
    expect(splitSides(tree, { left: [1], right: [3] }).get(4)).toBe('right');
  });

  it('ignores ids that are not in the tree', () => {
    expect(splitSides(tree, { left: [99], right: [] })).toEqual(new Map());
  });
});
