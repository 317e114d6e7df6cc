import type { Layer } from '@geows/contract';

/** Which layers of the tree are ticked, by id. */
export type Visibility = Readonly<Record<number, boolean>>;

/** A layer whose name contains `baseLayer` is a base layer: at most one of them shows (docs/product.md, Data: "Layer"). */
export const isBaseLayer = (layer: Pick<Layer, 'name'>) => layer.name.includes('baseLayer');

/**
 * A group holds layers: it has children, or it is an empty layer without a data source
 * and without built-in imagery (a group just added, not filled yet).
 */
export const isGroup = (layer: Layer) =>
  layer.layers.length > 0 || (layer.data_source === null && !/"builtin"\s*:/.test(layer.template));

/** A base layer's name as the tree shows it: without the `baseLayer` marker (the radio already says it). */
export function displayName(name: string): string {
  const shown = name.replace(/\s*\bbaseLayer\b\s*/g, ' ').trim();
  return shown === '' ? name : shown;
}

/** Every layer of the tree, depth first, in the tree's order. */
export function flattenLayers(tree: readonly Layer[]): Layer[] {
  return tree.flatMap((layer) => [layer, ...flattenLayers(layer.layers)]);
}

/** The saved ticks; of several ticked base layers only the first stays ticked. */
export function initialVisibility(tree: readonly Layer[]): Visibility {
  const visibility: Record<number, boolean> = {};
  let baseShown = false;
  for (const layer of flattenLayers(tree)) {
    let visible = layer.visible;
    if (isBaseLayer(layer) && !isGroup(layer)) {
      if (baseShown) visible = false;
      if (visible) baseShown = true;
    }
    visibility[layer.id] = visible;
  }
  return visibility;
}

const findLayer = (tree: readonly Layer[], id: number) =>
  flattenLayers(tree).find((layer) => layer.id === id);

/**
 * Ticks or unticks a layer. A group passes the tick on to all its descendants; ticking
 * a base layer unticks the other base layers.
 */
export function setVisible(
  tree: readonly Layer[],
  visibility: Visibility,
  id: number,
  visible: boolean,
): Visibility {
  const layer = findLayer(tree, id);
  if (!layer) return visibility;
  const next: Record<number, boolean> = { ...visibility };
  for (const each of flattenLayers([layer])) next[each.id] = visible;
  if (visible && isBaseLayer(layer) && !isGroup(layer)) {
    for (const other of flattenLayers(tree)) {
      if (other.id !== id && isBaseLayer(other) && !isGroup(other)) next[other.id] = false;
    }
  }
  return next;
}

/** A group's checkbox: ticked, unticked, or mixed when its descendants differ. */
export function checkState(layer: Layer, visibility: Visibility): 'checked' | 'unchecked' | 'mixed' {
  const own = visibility[layer.id] ?? layer.visible;
  if (!isGroup(layer)) return own ? 'checked' : 'unchecked';
  const below = flattenLayers(layer.layers).map((child) => visibility[child.id] ?? child.visible);
  if (below.every((v) => v === own)) return own ? 'checked' : 'unchecked';
  return 'mixed';
}

/** A layer that may draw something (a data source, or built-in imagery), and whether it shows: it and all its groups are ticked. */
export type DrawnLayer = { layer: Layer; shown: boolean };

/** The layers with a data source, and the other layers that are not groups, in the tree's order (the first lies on top). */
export function drawnLayers(
  tree: readonly Layer[],
  visibility: Visibility,
  parentShown = true,
): DrawnLayer[] {
  return tree.flatMap((layer) => {
    const shown = parentShown && (visibility[layer.id] ?? layer.visible);
    const own = layer.data_source === null && isGroup(layer) ? [] : [{ layer, shown }];
    return [...own, ...drawnLayers(layer.layers, visibility, shown)];
  });
}

/** The saved camera of a workspace (JSON text), or undefined when it is missing or unreadable. */
export function parseCamera<T>(
  text: string,
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
) {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Exactly the layers of `ids` ticked (a saved view's `visible`); ids no longer in the tree are ignored. */
export function visibilityOf(tree: readonly Layer[], ids: readonly number[]): Visibility {
  const ticked = new Set(ids);
  return Object.fromEntries(flattenLayers(tree).map((layer) => [layer.id, ticked.has(layer.id)]));
}

/** The ids of the layers ticked, groups included, in the tree's order. */
export function tickedIds(tree: readonly Layer[], visibility: Visibility): number[] {
  return flattenLayers(tree)
    .filter((layer) => visibility[layer.id] ?? layer.visible)
    .map((layer) => layer.id);
}
