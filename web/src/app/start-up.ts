import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../api/token-storage';
import { loadAccounts } from '../features/accounts';
import { siteQueryOptions } from '../features/sites';

/**
 * Start-up (docs/product.md, "States and transitions"): load the site info; when logged
 * in, the accounts too (the menu builds from them). The user groups join here when their
 * endpoint exists. Nothing here blocks the first render, and failures are only logged:
 * a 401 has ended the session meanwhile.
 */
export function startUp(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(siteQueryOptions(window.location.origin));
  if (!getToken()) return;
  loadAccounts(queryClient).catch((error: unknown) => console.warn('Accounts could not be loaded', error));
}
