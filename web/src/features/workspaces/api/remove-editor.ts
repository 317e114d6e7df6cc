import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `DELETE /api/workspaces/{id}/editors/{userId}` (admin only): takes the user's edit rights away. */
export const removeEditor = (id: number, userId: number) =>
  callApi(workspacesApi.removeEditor, { params: { id, userId } });

export function useRemoveEditor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeEditor(id, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.editors(id) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
      ]),
  });
}
