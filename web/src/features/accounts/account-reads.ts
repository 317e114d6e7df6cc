import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../../api/token-storage';
import { isDemo } from '../auth';
import { workspacesQueryOptions } from '../workspaces';
import { accountsQueryOptions } from './api/get-accounts';

/**
 * The account page's workspace list, asked for as soon as the accounts name the slug's account:
 * beside the guards' remaining call (the signed-in user) instead of after the guards and the
 * screen's first render. A demo visitor is sent on to the demo workspace (guard 2): nothing to read.
 * Failures are the screen's to show; it asks again.
 */
export async function startAccountReads(queryClient: QueryClient, slug: string | undefined): Promise<void> {
  if (!getToken() || isDemo()) return;
  // Joins guard 1's request when it is on its way; answers the cached list when there is one.
  const accounts = await queryClient.ensureQueryData(accountsQueryOptions()).catch(() => undefined);
  const account = accounts?.find((candidate) => candidate.slug === slug);
  // A 401 meanwhile has ended the session: no read with a token that is gone.
  if (account && getToken()) await queryClient.prefetchQuery(workspacesQueryOptions(account.id));
}
