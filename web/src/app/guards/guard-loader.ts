import type { PathName } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import { getToken } from '../../api/token-storage';
import { showSnackbar } from '../../components/snackbar/snackbar-store';
import {
  accountsQueryOptions,
  chooseActiveAccount,
  getActiveAccountId,
  loadAccounts,
} from '../../features/accounts';
import { authUserQueryOptions, isDemo } from '../../features/auth';
import { getDemoWorkspace } from '../../features/demo';
import { setRouteLoading } from '../../lib/ui-store';
import {
  accountsFirst,
  activeAccountRequired,
  demoWorkspaceRedirect,
  loggedInHome,
  routeLoadingIndicator,
} from './account-guards';
import {
  asksForUser,
  authRequired,
  type Guard,
  mfaSetupRequired,
  type RouteAccess,
  runGuards,
} from './guards';

/** The navigation guards, in the order of docs/product.md, "Navigation guards". */
export const guards: readonly Guard[] = [
  accountsFirst, // 1.
  demoWorkspaceRedirect, // 2.
  loggedInHome, // 3.
  routeLoadingIndicator(setRouteLoading), // 4.
  mfaSetupRequired, // 5.
  authRequired, // 6.
  activeAccountRequired, // 7.
];

/** A route loader that runs the guards before the route's screen loads. */
export function guardLoader(
  queryClient: QueryClient,
  route: PathName | 'notFound',
  access: RouteAccess,
): LoaderFunction {
  const accounts = () =>
    getToken() ? (queryClient.getQueryData(accountsQueryOptions().queryKey) ?? []) : [];
  const loadUser = () => queryClient.ensureQueryData(authUserQueryOptions()).catch(() => undefined);
  return async ({ request }) => {
    const isLoggedIn = Boolean(getToken());
    // Asked for beside guard 1's accounts rather than after them: a round trip less before a
    // signed-in page. The decisions keep their order; guard 5 awaits the answer already on its way.
    // A failed lookup lets the navigation proceed; a 401 has ended the session meanwhile (once:
    // the second refusal carries a token that is no longer the stored one).
    const user = asksForUser(route, isLoggedIn) ? loadUser() : undefined;
    const result = await runGuards(
      guards,
      {
        route,
        access,
        pathname: new URL(request.url).pathname,
        isLoggedIn,
        demo: isLoggedIn && isDemo(),
        authUser: () => user ?? loadUser(),
        accounts,
        fetchAccounts: () =>
          loadAccounts(queryClient).then(
            () => undefined,
            () => undefined,
          ),
        activeAccount: () => chooseActiveAccount(accounts(), getActiveAccountId()),
        demoWorkspace: getDemoWorkspace,
      },
      request.signal,
    );
    if (!result || request.signal.aborted) return null;
    if (result.message) showSnackbar(result.message.text, result.message.color);
    throw redirect(result.redirect);
  };
}
