import { accountsApi, type CreateAccountRequest } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { loadAccounts } from './get-accounts';

/** `POST /api/accounts` `{admin, name, description}`: answers the account with its slug. */
export const createAccount = (body: CreateAccountRequest) => callApi(accountsApi.create, { body });

/** Creates an account, then reloads the list (docs/product.md, "Screens": Create account). */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => loadAccounts(queryClient),
  });
}
