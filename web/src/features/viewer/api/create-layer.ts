import { type CreateLayerRequest, type Layer, layersApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { layerKeys } from './layer-keys';
import { withLayerAdded } from './layer-tree-cache';

/** `POST /api/layers`: adds a layer or a group; answers it as the tree lists it. */
export const createLayer = (body: CreateLayerRequest) => callApi(layersApi.create, { body });

/**
 * Adds a layer and puts the answer into the cached tree, where the server put it: the
 * tree is not read again. Only a layer with a data source reads the sources again, for
 * how to draw it; the library is marked stale for its next visit.
 */
export function useCreateLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLayer,
    onSuccess: (created, body) => {
      queryClient.invalidateQueries({ queryKey: layerKeys.all, refetchType: 'none' });
      queryClient.setQueryData<Layer[]>(layerKeys.tree(body.workspace), (tree) =>
        tree ? withLayerAdded(tree, created, body.parent ?? null, body.position) : tree,
      );
      if (created.data_source !== null)
        return queryClient.invalidateQueries({ queryKey: layerKeys.sources(body.workspace) });
    },
  });
}
