import { type Camera, workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { viewerWorkspaceKey } from './get-workspace';

/** `PATCH /api/workspaces/{id}` `{version, camera}`: saves the view; a stale version answers 409. */
export const updateWorkspaceCamera = (id: number, version: number, camera: Camera) =>
  callApi(workspacesApi.update, { params: { id }, body: { version, camera: JSON.stringify(camera) } });

export function useSaveCamera(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, camera }: { version: number; camera: Camera }) =>
      updateWorkspaceCamera(id, version, camera),
    onSuccess: (updated) => {
      queryClient.setQueryData(viewerWorkspaceKey(id, undefined), updated);
      return queryClient.invalidateQueries({ queryKey: ['workspaces'], refetchType: 'none' });
    },
  });
}
