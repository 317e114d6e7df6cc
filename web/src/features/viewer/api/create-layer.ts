import { type CreateLayerRequest, layersApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /api/layers`: adds a layer or a group; the tree and its sources are read again. */
export const createLayer = (body: CreateLayerRequest) => callApi(layersApi.create, { body });

export function useCreateLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['layers'] }),
  });
}
