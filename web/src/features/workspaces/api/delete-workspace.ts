import { type Workspace, workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `DELETE /api/workspaces/{id}`: the workspace's admin only (403 for editors and viewers). */
export const deleteWorkspace = (id: number) => callApi(workspacesApi.remove, { params: { id } });

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: Pick<Workspace, 'id' | 'account'>) => deleteWorkspace(target.id),
    onSuccess: (_, target) => {
      queryClient.removeQueries({ queryKey: workspaceKeys.detail(target.id) });
      return queryClient.invalidateQueries({ queryKey: workspaceKeys.list(target.account) });
    },
  });
}
