import { type ProfileUpdate, usersApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { profileQueryKey } from './get-profile';

/** `PATCH /api/extendUsers/{id}`: changes the given profile fields. */
export const updateProfile = (id: number, changes: ProfileUpdate) =>
  callApi(usersApi.updateProfile, { params: { id }, body: changes });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProfileUpdate }) => updateProfile(id, changes),
    onSuccess: (updated) => queryClient.setQueryData(profileQueryKey, updated),
  });
}
