import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/**
 * `POST /api/workspaces/{id}/editors` `{email}` (admin only): a registered user gets edit
 * rights; an unknown address, the admin's own or an editor's is 400 `{"email": [...]}`.
 */
export const addEditor = (id: number, email: string) =>
  callApi(workspacesApi.addEditor, { params: { id }, body: { email } });

export function useAddEditor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addEditor(id, email),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.editors(id) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
      ]),
  });
}
