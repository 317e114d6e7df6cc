import { userGroupsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/** `DELETE /api/userGroup/{id}/members/{membershipId}`: 204. */
export const removeMember = (group: number, member: number) =>
  callApi(userGroupsApi.removeMember, { params: { id: group, memberId: member } });

export function useRemoveMember(group: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: number) => removeMember(group, member),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userGroupKeys.members(group) }),
        queryClient.invalidateQueries({ queryKey: userGroupKeys.lists() }),
      ]),
  });
}
