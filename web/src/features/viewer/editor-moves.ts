import type { Layer } from '@geows/contract';
import { isGroup } from './layer-tree';

/** Where a layer goes: its new parent (null: the top level) and its 0-based place among the parent's children. */
export type Move = { parent: number | null; position: number };

/** One row of the tree as the editor lists it: depth first, in order. */
export type Row = { layer: Layer; parent: number | null; depth: number; index: number };

export function treeRows(tree: readonly Layer[], parent: number | null = null, depth = 0): Row[] {
  return tree.flatMap((layer, index) => [
    { layer, parent, depth, index },
    ...treeRows(layer.layers, layer.id, depth + 1),
  ]);
}

const rowOf = (tree: readonly Layer[], id: number) => treeRows(tree).find((row) => row.layer.id === id);
const siblingsOf = (tree: readonly Layer[], parent: number | null) =>
  parent === null ? tree : (rowOf(tree, parent)?.layer.layers ?? []);

/** One place up among its siblings; null at the top. */
export function moveUp(tree: readonly Layer[], id: number): Move | null {
  const row = rowOf(tree, id);
  return row && row.index > 0 ? { parent: row.parent, position: row.index - 1 } : null;
}

/** One place down among its siblings; null at the bottom. */
export function moveDown(tree: readonly Layer[], id: number): Move | null {
  const row = rowOf(tree, id);
  if (!row) return null;
  return row.index < siblingsOf(tree, row.parent).length - 1
    ? { parent: row.parent, position: row.index + 1 }
    : null;
}

/** Into the group just above it, as that group's last layer; null when the layer above is not a group. */
export function indent(tree: readonly Layer[], id: number): Move | null {
  const row = rowOf(tree, id);
  if (!row || row.index === 0) return null;
  const above = siblingsOf(tree, row.parent)[row.index - 1];
  return above && isGroup(above) ? { parent: above.id, position: above.layers.length } : null;
}

/** Out of its group, just after it; null at the top level. */
export function outdent(tree: readonly Layer[], id: number): Move | null {
  const row = rowOf(tree, id);
  if (!row || row.parent === null) return null;
  const group = rowOf(tree, row.parent);
  return group ? { parent: group.parent, position: group.index + 1 } : null;
}

/**
 * A drag that ends over another row: the layer takes that row's place in the list (after
 * it when moving down, before it when moving up). Just below a group it goes into that
 * group, first; otherwise it joins the layer above it as its next sibling. A group never
 * moves into itself. Null when nothing changes or the drop is not allowed.
 */
export function dropMove(tree: readonly Layer[], activeId: number, overId: number): Move | null {
  if (activeId === overId) return null;
  const rows = treeRows(tree);
  const from = rows.findIndex((row) => row.layer.id === activeId);
  const over = rows.findIndex((row) => row.layer.id === overId);
  const active = rows[from];
  if (!active || over < 0) return null;
  const moved = new Set(treeRows([active.layer]).map((row) => row.layer.id));
  if (moved.has(overId)) return null;
  // The list without the layer and what it carries; the drop point in it.
  const rest = rows.filter((row) => !moved.has(row.layer.id));
  const overInRest = rest.findIndex((row) => row.layer.id === overId);
  const insertAt = from < over ? overInRest + 1 : overInRest;
  const above = rest[insertAt - 1];
  let move: Move;
  if (!above) move = { parent: null, position: 0 };
  else if (isGroup(above.layer)) move = { parent: above.layer.id, position: 0 };
  else {
    const siblings = siblingsOf(tree, above.parent).filter((layer) => !moved.has(layer.id));
    move = { parent: above.parent, position: siblings.findIndex((layer) => layer.id === above.layer.id) + 1 };
  }
  return move.parent === active.parent && move.position === active.index ? null : move;
}

/** The tree as it will be once the layer (with what it carries) has made the move: what the server answers to it. */
export function moveLayer(tree: readonly Layer[], id: number, move: Move): Layer[] {
  const moving = rowOf(tree, id)?.layer;
  if (!moving) return [...tree];
  const without = (layers: readonly Layer[]): Layer[] =>
    layers.filter((layer) => layer.id !== id).map((layer) => ({ ...layer, layers: without(layer.layers) }));
  const insert = (layers: Layer[], parent: number | null): Layer[] => {
    const children =
      parent === move.parent
        ? [...layers.slice(0, move.position), moving, ...layers.slice(move.position)]
        : layers;
    return children.map((layer) =>
      layer === moving ? layer : { ...layer, layers: insert(layer.layers, layer.id) },
    );
  };
  return insert(without(tree), null);
}
