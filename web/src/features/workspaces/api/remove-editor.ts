import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { editorsKey } from './get-editors';
import { workspaceDetailKey } from './get-workspace';

/** `DELETE /api/workspaces/{id}/editors/{userId}` (admin only): takes the user's edit rights away. */
export const removeEditor = (id: number, userId: number) =>
  callApi(workspacesApi.removeEditor, { params: { id, userId } });

export function useRemoveEditor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeEditor(id, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: editorsKey(id) }),
        queryClient.invalidateQueries({ queryKey: workspaceDetailKey(id) }),
      ]),
  });
}
