import { userGroupsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/** `DELETE /api/userGroup/{id}`: 204; layers that named the group no longer do. */
export const deleteUserGroup = (id: number) => callApi(userGroupsApi.remove, { params: { id } });

/** Deletes a group, then reloads the lists whatever the outcome. */
export function useDeleteUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    onSettled: (_, __, id) => {
      queryClient.removeQueries({ queryKey: userGroupKeys.members(id) });
      return queryClient.invalidateQueries({ queryKey: userGroupKeys.lists() });
    },
  });
}
