import { layersApi, type UpdateLayerRequest } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `PATCH /api/layers/{id}`: renames, restyles, ticks, moves or restricts a layer; the tree is read again. */
export const updateLayer = (id: number, body: UpdateLayerRequest) =>
  callApi(layersApi.update, { params: { id }, body });

export function useUpdateLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLayerRequest }) => updateLayer(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['layers'] }),
  });
}
