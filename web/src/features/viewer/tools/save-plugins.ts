import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../api/client';
import { viewerWorkspaceKey } from '../../api/get-workspace';

/**
 * `PATCH /api/workspaces/{id}` `{version, workspacePlugins}`: the whole plugins text, a
 * stale `version` refused with 409, a dashboard the server refuses (e.g. on this site's
 * own origin) with 400 `{"workspacePlugins": ["…"]}`.
 */
export function useSavePlugins(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, workspacePlugins }: { version: number; workspacePlugins: string }) =>
      callApi(workspacesApi.update, { params: { id }, body: { version, workspacePlugins } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(viewerWorkspaceKey(id, undefined), updated);
      return queryClient.invalidateQueries({ queryKey: ['workspaces'], refetchType: 'none' });
    },
  });
}
