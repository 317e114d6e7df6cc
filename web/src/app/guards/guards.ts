import type { Account, AuthUser, PathName } from '@geows/contract';
import { paths } from '@geows/contract';
import i18next from 'i18next';
import type { SnackbarColor } from '../../components/snackbar/snackbar-store';

/**
 * Who may open a route (docs/product.md, "Roles and permissions"): everyone, logged-in
 * users, or those with an account too.
 */
export type RouteAccess = 'public' | 'auth' | 'account';

/** What a guard knows about the navigation; data is loaded only by the guards that ask. */
export type GuardContext = {
  /** The target route's name in the contract's route table; 'notFound' for unknown paths. */
  route: PathName | 'notFound';
  access: RouteAccess;
  pathname: string;
  isLoggedIn: boolean;
  demo: boolean;
  /** The signed-in user; undefined when logged out or when it could not be loaded. */
  authUser: () => Promise<AuthUser | undefined>;
  /** The accounts loaded so far; empty until loaded. */
  accounts: () => readonly Account[];
  /** Loads the accounts afresh; a failure leaves the list as it was. */
  fetchAccounts: () => Promise<void>;
  /** The active account among the loaded ones (docs/product.md, "States and transitions"). */
  activeAccount: () => Account | null;
  /** `GET /api/demo`: the demo workspace id, or 0; rejects when the lookup fails. */
  demoWorkspace: () => Promise<number>;
};

/** Where to go instead, and optionally a message to show on arrival. */
export type GuardRedirect = { redirect: string; message?: { text: string; color: SnackbarColor } };
export type GuardResult = GuardRedirect | undefined;

/** One navigation rule: answers a redirect, or undefined to let the next guard decide. */
export type Guard = (context: GuardContext) => GuardResult | Promise<GuardResult>;

/** Whether guard 5 needs the signed-in user to decide (every route a signed-in user opens but the profile). */
export const asksForUser = (route: PathName | 'notFound', isLoggedIn: boolean): boolean =>
  isLoggedIn && route !== 'profile';

/**
 * Guard 5: multi-factor authentication required by the profile but none set up →
 * only the profile may be shown, with a warning in Dutch (docs/product.md, "Navigation guards").
 */
export const mfaSetupRequired: Guard = async ({ route, isLoggedIn, authUser }) => {
  if (!asksForUser(route, isLoggedIn)) return undefined;
  const user = await authUser();
  if (!user?.profile.mfa_required || user.mfa.length > 0) return undefined;
  return { redirect: paths.profile, message: { text: i18next.t('profile.mfaRequired'), color: 'warning' } };
};

/** Guard 6: an auth-required route while logged out → home. */
export const authRequired: Guard = ({ access, isLoggedIn }) =>
  access !== 'public' && !isLoggedIn ? { redirect: paths.home } : undefined;

/**
 * Runs guards in order; the first redirect wins. A navigation overtaken by another (the
 * one to the login when the session ended during a guard's request) stops at once: its
 * remaining guards would act on a page no longer being opened (guard 4 would raise the
 * loading overlay over the login).
 */
export async function runGuards(
  guards: readonly Guard[],
  context: GuardContext,
  signal?: AbortSignal,
): Promise<GuardResult> {
  for (const guard of guards) {
    if (signal?.aborted) return undefined;
    const result = await guard(context);
    if (result) return result;
  }
  return undefined;
}
