import { accountsApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from '../../workspaces';
import { loadAccounts } from './get-accounts';

/** `DELETE /api/accounts/{id}`: the account and its workspaces go. */
export const deleteAccount = (id: number) => callApi(accountsApi.remove, { params: { id } });

/** Deletes an account, then reloads the list; resolves with the accounts that are left. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await deleteAccount(id);
      // Its workspaces went with it.
      queryClient.removeQueries({ queryKey: workspaceKeys.list(id) });
      return loadAccounts(queryClient);
    },
  });
}
