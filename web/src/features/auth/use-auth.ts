import { useSyncExternalStore } from 'react';
import { getToken, setToken, subscribeToken } from '../../api/token-storage';

export type AuthState = {
  isLoggedIn: boolean;
  /** Demo mode (spec §2, guard 2); the login flow turns it on. */
  demo: boolean;
};

/**
 * Who is using the app, as far as the shell needs to know. Logged in means a token is
 * stored; the login, logout and demo flows of later issues extend this one hook.
 */
export function useAuth(): AuthState {
  const isLoggedIn = useSyncExternalStore(subscribeToken, () => Boolean(getToken()));
  return { isLoggedIn, demo: false };
}

export const logIn = (token: string) => setToken(token);
export const logOut = () => setToken(null);
