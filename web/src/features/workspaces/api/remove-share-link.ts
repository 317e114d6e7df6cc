import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `DELETE /api/workspaces/{id}/share/{shareId}`: the link stops working at once. */
export const removeShareLink = (id: number, shareId: number) =>
  callApi(workspacesApi.removeShareLink, { params: { id, shareId } });

export function useRemoveShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => removeShareLink(id, shareId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.shareLinks(id) }),
  });
}
