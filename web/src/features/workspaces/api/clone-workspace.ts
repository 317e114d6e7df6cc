import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `PUT /api/cloneWorkspace` `{workspace}`: a copy named '… (copy)'. Its button is hidden. */
export const cloneWorkspace = (id: number) => callApi(workspacesApi.clone, { body: { workspace: id } });

export function useCloneWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneWorkspace,
    onSuccess: (copy) => queryClient.invalidateQueries({ queryKey: workspaceKeys.list(copy.account) }),
  });
}
