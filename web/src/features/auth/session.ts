import { paths } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getToken, setToken } from '../../api/token-storage';
import { authUserQueryOptions } from './api/get-auth-user';
import { logoutRequest } from './api/logout';
import { setAuthStatus, setDemo, setPendingLogin } from './session-store';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/** Stores the final token of a login and loads the user it belongs to. */
export async function startSession(queryClient: QueryClient, token: string): Promise<void> {
  setPendingLogin(null);
  setToken(token);
  await queryClient.fetchQuery(authUserQueryOptions());
}

/** Forgets the token, the demo flag and any half-done login on this device. */
function forgetCredentials(): void {
  setToken(null);
  setDemo(false);
  setPendingLogin(null);
}

/**
 * Ends the session on this device and goes to `to`. The cache is cleared after the
 * navigation, so the screen being left does not refetch its data without a token.
 */
export async function endSession(queryClient: QueryClient, navigate: Navigate, to: string): Promise<void> {
  forgetCredentials();
  setAuthStatus('empty');
  await navigate(to, { replace: true });
  queryClient.clear();
}

/** The logout action (docs/product.md, "Menu"): revoke the token, clear the session, go home. */
export async function logOut(queryClient: QueryClient, navigate: Navigate): Promise<void> {
  if (getToken()) {
    setAuthStatus('loading');
    await logoutRequest().catch(() => {
      // Already revoked or unreachable: the token is dropped here either way.
    });
  }
  await endSession(queryClient, navigate, paths.home);
}

/** A 401 to the stored token (expired, revoked elsewhere): start again at the login. */
export const handleUnauthorized = (queryClient: QueryClient, navigate: Navigate) =>
  endSession(queryClient, navigate, paths.login);
