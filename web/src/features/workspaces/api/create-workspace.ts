import { type CreateWorkspaceRequest, workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `POST /api/workspaces` `{admin, name, description, account}`: answers the new workspace. */
export const createWorkspace = (body: CreateWorkspaceRequest) => callApi(workspacesApi.create, { body });

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: workspaceKeys.list(created.account) }),
  });
}
