import { type CreateUserGroupRequest, userGroupsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/** `POST /api/userGroup` `{name, account}`: 201 the group. */
export const createUserGroup = (body: CreateUserGroupRequest) => callApi(userGroupsApi.create, { body });

/** Creates a group, then reloads the lists (docs/product.md, "States and transitions"). */
export function useCreateUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGroupKeys.lists() }),
  });
}
