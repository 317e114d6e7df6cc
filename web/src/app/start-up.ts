import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../api/token-storage';
import { loadAccounts } from '../features/accounts';
import { siteQueryOptions } from '../features/sites';
import { loadUserGroups } from '../features/usergroups';

/**
 * Start-up (docs/product.md, "States and transitions"): load the site info; when logged
 * in, the accounts (the menu builds from them) and the user groups too. Nothing here
 * blocks the first render, and failures are only logged: a 401 has ended the session
 * meanwhile.
 */
export function startUp(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(siteQueryOptions(window.location.origin));
  if (!getToken()) return;
  loadAccounts(queryClient).catch((error: unknown) => console.warn('Accounts could not be loaded', error));
  loadUserGroups(queryClient).catch((error: unknown) =>
    console.warn('User groups could not be loaded', error),
  );
}
