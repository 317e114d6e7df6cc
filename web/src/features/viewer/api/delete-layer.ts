import { layersApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { layerKeys } from './layer-keys';

/** `DELETE /api/layers/{id}`: the layer and everything in it. */
export const deleteLayer = (id: number) => callApi(layersApi.remove, { params: { id } });

export function useDeleteLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: layerKeys.all }),
  });
}
