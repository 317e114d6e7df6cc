import { account, type CreateAccountRequest } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { loadAccounts } from './get-accounts';

/** `POST /api/accounts` `{admin, name, description}`: answers the account with its slug. */
export const createAccount = (body: CreateAccountRequest) =>
  apiRequest('/api/accounts', { method: 'POST', body, schema: account });

/** Creates an account, then reloads the list (spec §2: success reloads accounts). */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => loadAccounts(queryClient),
  });
}
