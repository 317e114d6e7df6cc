import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `POST /api/workspaces/sample` `{account}`: a workspace built from the data that ships with the product. */
export const createSampleWorkspace = (account: number) =>
  callApi(workspacesApi.createSample, { body: { account } });

export function useCreateSampleWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSampleWorkspace,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: workspaceKeys.list(created.account) }),
  });
}
