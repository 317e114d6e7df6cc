import { type Layer, layersApi, type UpdateLayerRequest } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { layerKeys } from './layer-keys';
import { holdsLayer, withLayerChanged } from './layer-tree-cache';

/** `PATCH /api/layers/{id}`: renames, restyles, ticks, moves or restricts a layer; answers it with what is under it. */
export const updateLayer = (id: number, body: UpdateLayerRequest) =>
  callApi(layersApi.update, { params: { id }, body });

/** A move changes where the layer lies, and a new source how it is drawn: the answer does not say. */
const needsReading = (body: UpdateLayerRequest) =>
  body.parent !== undefined || body.position !== undefined || body.data_source !== undefined;

/**
 * Changes a layer. A tick, a name, a style or user groups go into the cached trees from
 * the answer (ticking a base layer unticks the others there, as the server did), with no
 * further request; a move or a new source reads the layers again, and so does a failure,
 * to show what the server has.
 */
export function useUpdateLayer() {
  const queryClient = useQueryClient();
  const readAgain = () => queryClient.invalidateQueries({ queryKey: layerKeys.all });
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLayerRequest }) => updateLayer(id, body),
    onSuccess: (changed, { body }) => {
      if (needsReading(body)) return readAgain();
      queryClient.invalidateQueries({ queryKey: layerKeys.all, refetchType: 'none' });
      for (const [key, tree] of queryClient.getQueriesData<Layer[]>({ queryKey: layerKeys.trees() }))
        if (tree && holdsLayer(tree, changed.id))
          queryClient.setQueryData(key, withLayerChanged(tree, changed));
    },
    onError: readAgain,
  });
}
