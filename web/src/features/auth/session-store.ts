import type { MfaMethodName } from '@geows/contract';
import { useSyncExternalStore } from 'react';
import { getToken } from '../../api/token-storage';
import { sameOriginPath } from '../../lib/return-path';
import { flag, json, positiveId, storedValue } from '../../lib/stored-value';

/**
 * The client-side parts of a session besides the token (which lives in
 * api/token-storage): the auth status, the demo flag and a login waiting for its
 * second factor (docs/product.md, "States and transitions").
 */

// ── Auth status: empty, loading on a request, then success or error.
export type AuthStatus = 'empty' | 'loading' | 'success' | 'error';
// A token kept from an earlier visit counts as a login that succeeded.
let status: AuthStatus = getToken() ? 'success' : 'empty';
const statusListeners = new Set<() => void>();

export function setAuthStatus(next: AuthStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}
export const getAuthStatus = () => status;
const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};
export const useAuthStatus = () => useSyncExternalStore(subscribeStatus, getAuthStatus, getAuthStatus);

// ── Demo mode: a flag in localStorage, on when set (guard 2 in docs/product.md), and
// the demo workspace it was turned on for.
const demoFlag = storedValue('demo', flag);
const demoWorkspace = storedValue('demoWorkspace', positiveId);

export const isDemo = (): boolean => demoFlag.get() === true;

/** The demo workspace remembered when demo mode was turned on; null otherwise. */
export const getDemoWorkspaceId = (): number | null => demoWorkspace.get();

/** Turns demo mode on for a workspace, or off (`setDemo(false)`). */
export function setDemo(on: boolean, workspaceId?: number): void {
  if (on && workspaceId) demoWorkspace.set(workspaceId);
  if (!on) demoWorkspace.set(null);
  demoFlag.set(on ? true : null);
}

export const useDemo = () => useSyncExternalStore(demoFlag.subscribe, isDemo, isDemo);

// ── A login waiting for its second factor. Kept for this tab only (sessionStorage):
// the ephemeral token is useless after a few minutes and must not outlive the tab.
export type PendingLogin = { ephemeralToken: string; method: MfaMethodName };

const pendingLogin = storedValue(
  'pendingLogin',
  json((value): PendingLogin | null => {
    const { ephemeralToken, method } = (value ?? {}) as Partial<PendingLogin>;
    if (typeof ephemeralToken !== 'string' || (method !== 'app' && method !== 'email')) return null;
    return { ephemeralToken, method };
  }),
  { area: 'session' },
);

/** Without storage the verification screen sends the user back to log in. */
export const getPendingLogin = (): PendingLogin | null => pendingLogin.get();
export const setPendingLogin = (pending: PendingLogin | null): void => pendingLogin.set(pending);

// ── A session the server ended (it refused the stored token): the login screen says so,
// and the next login goes back to the page the user was on. For this tab only, and read
// back through `sameOriginPath`, so a hand-edited value cannot lead to another site.
export type EndedSession = { returnTo: string | null };

const endedSession = storedValue(
  'sessionEnded',
  json((value): EndedSession => ({ returnTo: sameOriginPath((value as Partial<EndedSession>)?.returnTo) })),
  { area: 'session' },
);

export const getEndedSession = (): EndedSession | null => endedSession.get();
export const setEndedSession = (ended: EndedSession | null): void => endedSession.set(ended);
const isSessionEnded = () => endedSession.get() !== null;
export const useSessionEnded = (): boolean =>
  useSyncExternalStore(endedSession.subscribe, isSessionEnded, isSessionEnded);
