import { type UpdateWorkspaceRequest, workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/**
 * `PATCH /api/workspaces/{id}` `{version, name?, description?, …}`: answers the workspace
 * with its next `version`; a stale `version` is refused with 409 and nothing changes.
 */
export const updateWorkspace = (id: number, body: UpdateWorkspaceRequest) =>
  callApi(workspacesApi.update, { params: { id }, body });

export function useUpdateWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) => updateWorkspace(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(workspaceKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: workspaceKeys.list(updated.account) });
    },
  });
}
