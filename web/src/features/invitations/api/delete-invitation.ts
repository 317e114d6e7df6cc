import { type Invitation, invitationsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { invitationKeys } from './invitation-keys';

/** `DELETE /api/invite/{id}`: withdrawn by the workspace's admin or editors, or declined by the invitee. */
export const deleteInvitation = (id: number) => callApi(invitationsApi.remove, { params: { id } });

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: Pick<Invitation, 'id' | 'workspace'>) => deleteInvitation(target.id),
    onSuccess: (_, target) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.workspace(target.workspace.id) }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.mine() }),
      ]),
  });
}
