import { useMutation, useQueryClient } from '@tanstack/react-query';
import { layerKeys, updateLayer } from '../../viewer';

/** `PATCH /api/layers/{id}` `{user_groups}`: who may see the layer; the library and trees reload. */
export const setLayerGroups = (id: number, userGroups: number[]) =>
  updateLayer(id, { user_groups: userGroups });

export function useSetLayerGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groups }: { id: number; groups: number[] }) => setLayerGroups(id, groups),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: layerKeys.all }),
  });
}
