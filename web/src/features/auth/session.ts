import { paths } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getToken, setToken } from '../../api/token-storage';
import { authUserQueryOptions } from './api/get-auth-user';
import { logoutRequest } from './api/logout';
import { setAuthStatus, setDemo, setEndedSession, setPendingLogin } from './session-store';

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
  setEndedSession(null);
  await endSession(queryClient, navigate, paths.home);
}

/** The screens a login starts from or passes through: never a page to come back to. */
const loginScreens = [
  paths.home,
  paths.login,
  paths.verification,
  paths.register,
  paths.reset,
  paths.passwordReset,
  paths.activate,
  paths.activation,
  paths.esriOAuthCallback,
].map((pattern) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`));

/** A place in the app, as the router and `window.location` give it. */
export type Place = { pathname: string; search: string };

/** The page to go back to after the next login: `place`, unless that is a login screen. */
export function pageToReturnTo({ pathname, search }: Place): string | null {
  return loginScreens.some((screen) => screen.test(pathname)) ? null : `${pathname}${search}`;
}

let ending: Promise<void> | null = null;

/**
 * A 401 to the stored token (expired, revoked elsewhere). At start-up several calls are
 * refused at once: the first ends the session and makes the one navigation, to the login,
 * which says why and remembers the page; the others change nothing (their token is no
 * longer the stored one, and the session is already ending).
 */
export function handleUnauthorized(
  queryClient: QueryClient,
  navigate: Navigate,
  /** The page being shown, or being opened when the refusal came during its loading. */
  currentPlace: () => Place = () => window.location,
): Promise<void> {
  if (ending) return ending;
  setEndedSession({ returnTo: pageToReturnTo(currentPlace()) });
  ending = endSession(queryClient, navigate, paths.login).finally(() => {
    ending = null;
  });
  return ending;
}
