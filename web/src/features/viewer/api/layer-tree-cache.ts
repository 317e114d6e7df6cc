import type { Layer } from '@geows/contract';
import { isBaseLayer, isGroup } from '../layer-tree';

/**
 * The tree with a layer the server just created, where the server put it: among
 * `parent`'s children (the top level for null) at `position`, or last without one.
 * Unchanged when the parent is not in this tree.
 */
export function withLayerAdded(
  tree: readonly Layer[],
  created: Layer,
  parent: number | null,
  position: number | undefined,
): Layer[] {
  const insert = (siblings: readonly Layer[]) => {
    const next = [...siblings];
    next.splice(Math.min(position ?? next.length, next.length), 0, created);
    return next;
  };
  if (parent === null) return insert(tree);
  return tree.map((layer) =>
    layer.id === parent
      ? { ...layer, layers: insert(layer.layers) }
      : { ...layer, layers: withLayerAdded(layer.layers, created, parent, position) },
  );
}

/**
 * The tree with a layer as the server answered a change of it (the layer with
 * everything under it). A visible base layer leaves the other base layers unticked:
 * the server unticked them in the same change.
 */
export function withLayerChanged(tree: readonly Layer[], changed: Layer): Layer[] {
  const soleBase = changed.visible && isBaseLayer(changed) && !isGroup(changed);
  const replace = (layers: readonly Layer[]): Layer[] =>
    layers.map((layer) => {
      if (layer.id === changed.id) return changed;
      const untick = soleBase && layer.visible && isBaseLayer(layer) && !isGroup(layer);
      return { ...layer, ...(untick ? { visible: false } : {}), layers: replace(layer.layers) };
    });
  return replace(tree);
}

/** Whether the tree holds the layer, however deep. */
export const holdsLayer = (tree: readonly Layer[], id: number): boolean =>
  tree.some((layer) => layer.id === id || holdsLayer(layer.layers, id));
