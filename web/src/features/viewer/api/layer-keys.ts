/**
 * The query keys of the layers endpoints, in one place. Every key starts with `all`
 * (the layer library's too): a change that may touch any of them invalidates that prefix.
 */
export const layerKeys = {
  all: ['layers'] as const,
  /** `GET /api/layers?workspace=` (or a share link's `?token=`): the tree. */
  tree: (workspace: number, token?: string | undefined) =>
    [...layerKeys.all, 'tree', workspace, ...(token ? [{ token }] : [])] as const,
  /** Every tree in the cache, whatever its workspace. */
  trees: () => [...layerKeys.all, 'tree'] as const,
  /** `GET /api/layers/sources?workspace=` (or `?token=`): how to draw each layer. */
  sources: (workspace: number, token?: string | undefined) =>
    [...layerKeys.all, 'sources', workspace, ...(token ? [{ token }] : [])] as const,
};
