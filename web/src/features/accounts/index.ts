export {
  accountHome,
  chooseActiveAccount,
  getActiveAccountId,
  setActiveAccountId,
} from './active-account';
export { accountsQueryKey, accountsQueryOptions, loadAccounts, useAccounts } from './api/get-accounts';
export { type ActiveAccountState, useActiveAccount, useChooseAccount } from './use-active-account';

/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const accountScreens = {
  accounts: async () => (await import('./components/accounts-screen')).AccountsScreen,
  createAccount: async () => (await import('./components/create-account-screen')).CreateAccountScreen,
  account: async () => (await import('./components/account-screen')).AccountScreen,
};
