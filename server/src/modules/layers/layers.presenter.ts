import type { Layer, LibraryLayer } from '@geows/contract';
import type { LayerRow, LibraryRow } from './layers.repository.js';

/**
 * The workspace's rows as a tree: top-level layers in order, each with its children in
 * order. `visible(row)` hides a layer — and so everything under it. A layer whose parent
 * is not in the workspace is shown at the top level rather than lost.
 */
export function presentLayerTree(rows: LayerRow[], visible: (row: LayerRow) => boolean): Layer[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, LayerRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(row);
    children.set(parent, siblings);
  }
  const build = (parent: number | null, depth: number): Layer[] =>
    depth > 100
      ? []
      : (children.get(parent) ?? []).filter(visible).map((row) => ({
          ...presentLayer(row),
          layers: build(row.id, depth + 1),
        }));
  return build(null, 0);
}

export const presentLayer = (row: LayerRow): Layer => ({
  id: row.id,
  name: row.name,
  visible: row.visible,
  data_source: row.dataSourceId,
  template: JSON.stringify(row.template),
  user_groups: row.userGroups,
  layers: [],
});

/** Every layer of a tree, depth first, in order. */
export const flattenTree = (tree: Layer[]): Layer[] =>
  tree.flatMap((layer) => [layer, ...flattenTree(layer.layers)]);

/** A row of the layer library; the groups come as JSON (text from some drivers). */
export function presentLibraryLayer(row: LibraryRow): LibraryLayer {
  const groups =
    typeof row.groups === 'string' ? (JSON.parse(row.groups) as LibraryRow['groups']) : row.groups;
  return {
    id: row.id,
    name: row.name,
    template: JSON.stringify(row.template),
    workspace: { id: row.workspaceId, name: row.workspaceName },
    parent: row.parentId === null ? null : { id: row.parentId, name: row.parentName ?? '' },
    data_source:
      row.sourceId === null ? null : { id: row.sourceId, name: row.sourceName ?? '', type: row.sourceType },
    user_groups: Array.isArray(groups) ? groups : [],
  };
}
