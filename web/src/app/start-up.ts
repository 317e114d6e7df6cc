import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../api/token-storage';
import { loadAccounts } from '../features/accounts';
import { siteQueryOptions } from '../features/sites';
import { loadUserGroups } from '../features/usergroups';

/**
 * Spec §4 "Start-up": load the site info; when logged in, the accounts and the user
 * groups too (the menu then builds from them); when logged out the menu needs nothing.
 * Nothing here blocks the first render, and failures are only logged: a 401 has ended
 * the session meanwhile, a missing endpoint (user groups) changes nothing.
 */
export function startUp(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(siteQueryOptions(window.location.origin));
  if (!getToken()) return;
  loadAccounts(queryClient).catch((error: unknown) => console.warn('Accounts could not be loaded', error));
  void loadUserGroups(queryClient);
}
