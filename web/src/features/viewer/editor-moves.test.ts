import type { Layer } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { dropMove, indent, moveDown, moveLayer, moveUp, outdent, treeRows } from './editor-moves';

const layer = (id: number, overrides: Partial<Layer> = {}): Layer => ({
  id,
  name: `L${id}`,
  visible: true,
  data_source: id * 10,
  template: '{}',
  user_groups: [],
  layers: [],
  ...overrides,
});
const group = (id: number, layers: Layer[]) => layer(id, { data_source: null, layers });

// 1, [2: 3, 4], 5, [6: empty], 7
const tree = [layer(1), group(2, [layer(3), layer(4)]), layer(5), group(6, []), layer(7)];

describe('moves in the editor’s tree', () => {
  it('lists rows depth first with their parent and place', () => {
    expect(treeRows(tree).map((r) => [r.layer.id, r.parent, r.depth, r.index])).toEqual([
      [1, null, 0, 0],
      [2, null, 0, 1],
      [3, 2, 1, 0],
      [4, 2, 1, 1],
      [5, null, 0, 2],
      [6, null, 0, 3],
      [7, null, 0, 4],
    ]);
  });

  it('moves up and down among siblings, not past the ends', () => {
    expect(moveUp(tree, 5)).toEqual({ parent: null, position: 1 });
    expect(moveUp(tree, 3)).toBeNull();
    expect(moveDown(tree, 3)).toEqual({ parent: 2, position: 1 });
    expect(moveDown(tree, 4)).toBeNull();
    expect(moveDown(tree, 7)).toBeNull();
  });

  it('indents into the group above, last, and outdents to just after the group', () => {
    expect(indent(tree, 5)).toEqual({ parent: 2, position: 2 });
    expect(indent(tree, 7)).toEqual({ parent: 6, position: 0 });
    expect(indent(tree, 1)).toBeNull();
    expect(indent(tree, 2)).toBeNull(); // the layer above is not a group
    expect(outdent(tree, 3)).toEqual({ parent: null, position: 2 });
    expect(outdent(tree, 1)).toBeNull();
  });

  it('drops a dragged layer in the place of the row it ends over', () => {
    // Down over 5: after 5, at the top level.
    expect(dropMove(tree, 1, 5)).toEqual({ parent: null, position: 2 });
    // Up over 1: before 1.
    expect(dropMove(tree, 7, 1)).toEqual({ parent: null, position: 0 });
    // Down over a group's row: into that group, first.
    expect(dropMove(tree, 1, 2)).toEqual({ parent: 2, position: 0 });
    expect(dropMove(tree, 5, 6)).toEqual({ parent: 6, position: 0 });
    // Over a child: beside it, in its group.
    expect(dropMove(tree, 7, 4)).toEqual({ parent: 2, position: 1 });
    expect(dropMove(tree, 1, 4)).toEqual({ parent: 2, position: 2 });
    // Out of a group, up over the row above it.
    expect(dropMove(tree, 3, 1)).toEqual({ parent: null, position: 0 });
  });

  it('never drops a group into itself, and ignores drops that change nothing', () => {
    expect(dropMove(tree, 2, 3)).toBeNull();
    expect(dropMove(tree, 2, 2)).toBeNull();
    // 4 over 3 (moving up): before 3, in the same group.
    expect(dropMove(tree, 4, 3)).toEqual({ parent: 2, position: 0 });
    // 3 over 4 moving down: after 4.
    expect(dropMove(tree, 3, 4)).toEqual({ parent: 2, position: 1 });
  });

  it('gives the tree as a move leaves it, the layer carrying what it holds', () => {
    const ids = (layers: readonly Layer[]): unknown[] =>
      layers.map((l) => (l.layers.length ? [l.id, ids(l.layers)] : l.id));
    expect(ids(moveLayer(tree, 7, { parent: 2, position: 1 }))).toEqual([1, [2, [3, 7, 4]], 5, 6]);
    expect(ids(moveLayer(tree, 2, { parent: null, position: 3 }))).toEqual([1, 5, 6, [2, [3, 4]], 7]);
    expect(ids(moveLayer(tree, 3, { parent: null, position: 0 }))).toEqual([3, 1, [2, [4]], 5, 6, 7]);
    expect(ids(moveLayer(tree, 1, { parent: 6, position: 0 }))).toEqual([[2, [3, 4]], 5, [6, [1]], 7]);
    // Every move of the menu lands where it says.
    const down = moveDown(tree, 5);
    expect(down && ids(moveLayer(tree, 5, down))).toEqual([1, [2, [3, 4]], 6, 5, 7]);
  });
});
