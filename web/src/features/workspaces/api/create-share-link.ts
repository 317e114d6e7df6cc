import { type CreateShareLinkRequest, workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `POST /api/workspaces/{id}/share` `{label?, expires?}`: answers the new link with its token. */
export const createShareLink = (id: number, body: CreateShareLinkRequest) =>
  callApi(workspacesApi.createShareLink, { params: { id }, body });

export function useCreateShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkRequest) => createShareLink(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.shareLinks(id) }),
  });
}
