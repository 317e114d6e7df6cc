export {
  accountHome,
  chooseActiveAccount,
  getActiveAccountId,
  setActiveAccountId,
} from './active-account';
export { accountsQueryKey, accountsQueryOptions, loadAccounts, useAccounts } from './api/get-accounts';
export { type ActiveAccountState, useActiveAccount, useChooseAccount } from './use-active-account';
