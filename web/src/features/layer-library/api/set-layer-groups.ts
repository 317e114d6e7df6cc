import { layersApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `PATCH /api/layers/{id}` `{user_groups}`: who may see the layer; the library and trees reload. */
export const setLayerGroups = (id: number, userGroups: number[]) =>
  callApi(layersApi.update, { params: { id }, body: { user_groups: userGroups } });

export function useSetLayerGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groups }: { id: number; groups: number[] }) => setLayerGroups(id, groups),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['layers'] }),
  });
}
