import type { AuthUser } from '@geows/contract';
import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../api/token-storage';
import { useAuthUser } from './api/get-auth-user';
import { type AuthStatus, useAuthStatus, useDemo } from './session-store';

export type AuthState = {
  /** The API token kept in localStorage ('token'); null when logged out. */
  token: string | null;
  isLoggedIn: boolean;
  /** Demo mode (guard 2 in docs/product.md); the login flow of a later issue turns it on. */
  demo: boolean;
  /** The signed-in user (GET /api/users results[0]); undefined while loading or logged out. */
  authUser: AuthUser | undefined;
  status: AuthStatus;
};

export const useToken = () => useSyncExternalStore(subscribeToken, getToken, getToken);
export const useIsLoggedIn = () => Boolean(useToken());

/** Who is using the app. Logged in means a token is stored; the user loads behind it. */
export function useAuth(): AuthState {
  const token = useToken();
  const isLoggedIn = Boolean(token);
  const demo = useDemo();
  const status = useAuthStatus();
  const { data } = useAuthUser(isLoggedIn);
  return { token, isLoggedIn, demo: isLoggedIn && demo, authUser: isLoggedIn ? data : undefined, status };
}
