import type { Camera } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateWorkspace, workspaceKeys } from '../../workspaces';

/** `PATCH /api/workspaces/{id}` `{version, camera}`: saves the view; a stale version answers 409. */
export const updateWorkspaceCamera = (id: number, version: number, camera: Camera) =>
  updateWorkspace(id, { version, camera: JSON.stringify(camera) });

export function useSaveCamera(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, camera }: { version: number; camera: Camera }) =>
      updateWorkspaceCamera(id, version, camera),
    onSuccess: (updated) => {
      queryClient.setQueryData(workspaceKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: workspaceKeys.all, refetchType: 'none' });
    },
  });
}
