import { userGroupsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/** `POST /api/userGroup/{id}/members` `{email}`: 201 the membership (pending until that address registers). */
export const addMember = (group: number, email: string) =>
  callApi(userGroupsApi.addMember, { params: { id: group }, body: { email } });

export function useAddMember(group: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addMember(group, email),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userGroupKeys.members(group) }),
        // The lists count the members.
        queryClient.invalidateQueries({ queryKey: userGroupKeys.lists() }),
      ]),
  });
}
