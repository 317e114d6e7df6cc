import { type CreateInvitationRequest, invitationsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { invitationKeys } from './invitation-keys';

/** `POST /api/invite` `{workspace, email}`: invites a person; the server mails them. */
export const createInvitation = (body: CreateInvitationRequest) => callApi(invitationsApi.create, { body });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (created) =>
      queryClient.invalidateQueries({ queryKey: invitationKeys.workspace(created.workspace.id) }),
  });
}
