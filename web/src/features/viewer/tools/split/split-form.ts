import type { Layer, SplitPanelSettings } from '@geows/contract';
import { flattenLayers } from '../../layer-tree';
import type { SplitChoice } from '../../split-sides';

/** The editor's choices: whether the map opens with the divider, and the layers given a side (by id). */
export type SplitForm = { enabled: boolean; sides: ReadonlyMap<number, SplitChoice> };

export function splitForm(settings: SplitPanelSettings): SplitForm {
  const sides = new Map<number, SplitChoice>();
  for (const id of settings.left) sides.set(id, 'left');
  for (const id of settings.right) sides.set(id, 'right');
  return { enabled: settings.enabled, sides };
}

/**
 * The settings to save: the sides of the tree's layers in the tree's order (ids of layers
 * gone from the tree are dropped), the divider's place kept as saved.
 */
export function splitSettings(form: SplitForm, tree: readonly Layer[], position: number): SplitPanelSettings {
  const ids = flattenLayers(tree).map((layer) => layer.id);
  return {
    enabled: form.enabled,
    left: ids.filter((id) => form.sides.get(id) === 'left'),
    right: ids.filter((id) => form.sides.get(id) === 'right'),
    position,
  };
}

export const sameForm = (a: SplitForm, b: SplitForm) =>
  a.enabled === b.enabled &&
  a.sides.size === b.sides.size &&
  [...a.sides].every(([id, side]) => b.sides.get(id) === side);
