import type { PathName } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import { getToken } from '../../api/token-storage';
import { authUserQueryOptions, homeForLoggedIn, isDemo } from '../../features/auth';
import { showSnackbar } from '../snackbar/snackbar-store';
import {
  authRequired,
  type Guard,
  loggedInHome,
  mfaSetupRequired,
  type RouteAccess,
  runGuards,
} from './guards';

/**
 * The spec's navigation guards (§2), in its order. Guards 1, 2, 4 and 7 come with
 * accounts and demo mode; 3 is a stand-in until then.
 */
export const guards: readonly Guard[] = [
  // 1. accounts are fetched first (accounts issue)
  // 2. demo mode: the demo workspace (accounts issue)
  loggedInHome(homeForLoggedIn), // 3.
  // 4. route-loading indicator (accounts issue)
  mfaSetupRequired, // 5.
  authRequired, // 6.
  // 7. account-required route without an active account → /account/create (accounts issue)
];

/** A route loader that runs the guards before the route's screen loads. */
export function guardLoader(
  queryClient: QueryClient,
  route: PathName | 'notFound',
  access: RouteAccess,
): LoaderFunction {
  return async ({ request }) => {
    const isLoggedIn = Boolean(getToken());
    const result = await runGuards(guards, {
      route,
      access,
      pathname: new URL(request.url).pathname,
      isLoggedIn,
      demo: isLoggedIn && isDemo(),
      // A failed lookup lets the navigation proceed; a 401 has ended the session meanwhile.
      authUser: () => queryClient.ensureQueryData(authUserQueryOptions()).catch(() => undefined),
    });
    if (!result) return null;
    if (result.message) showSnackbar(result.message.text, result.message.color);
    throw redirect(result.redirect);
  };
}
