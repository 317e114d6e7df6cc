import type { MfaMethodName } from '@geows/contract';
import { useSyncExternalStore } from 'react';
import { getToken } from '../../api/token-storage';

/**
 * The client-side parts of a session besides the token (which lives in
 * api/token-storage): the auth status (§4), the demo flag (§3) and a login waiting
 * for its second factor.
 */

// ── Auth status: empty, loading on a request, then success or error (spec §4).
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
export const useAuthStatus = () => useSyncExternalStore(subscribeStatus, getAuthStatus);

// ── Demo mode: a flag in localStorage, true when set (spec §2 guard 2), and the demo
// workspace it was turned on for (spec §3 "demo workspace id").
const demoKey = 'demo';
const demoWorkspaceKey = 'demoWorkspace';
const demoListeners = new Set<() => void>();

export function isDemo(): boolean {
  try {
    return localStorage.getItem(demoKey) === 'true';
  } catch {
    return false;
  }
}

/** The demo workspace remembered when demo mode was turned on; null otherwise. */
export function getDemoWorkspaceId(): number | null {
  try {
    const id = Number(localStorage.getItem(demoWorkspaceKey));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Turns demo mode on for a workspace, or off (`setDemo(false)`). */
export function setDemo(on: boolean, workspaceId?: number): void {
  try {
    if (on) {
      localStorage.setItem(demoKey, 'true');
      if (workspaceId) localStorage.setItem(demoWorkspaceKey, String(workspaceId));
    } else {
      localStorage.removeItem(demoKey);
      localStorage.removeItem(demoWorkspaceKey);
    }
  } catch {
    // Without storage demo mode lasts this visit at most.
  }
  for (const listener of demoListeners) listener();
}
const subscribeDemo = (listener: () => void) => {
  demoListeners.add(listener);
  return () => demoListeners.delete(listener);
};
export const useDemo = () => useSyncExternalStore(subscribeDemo, isDemo);

// ── A login waiting for its second factor. Kept for this tab only (sessionStorage):
// the ephemeral token is useless after a few minutes and must not outlive the tab.
export type PendingLogin = { ephemeralToken: string; method: MfaMethodName };
const pendingKey = 'pendingLogin';

export function getPendingLogin(): PendingLogin | null {
  try {
    const raw = sessionStorage.getItem(pendingKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingLogin>;
    if (typeof value.ephemeralToken !== 'string' || (value.method !== 'app' && value.method !== 'email'))
      return null;
    return { ephemeralToken: value.ephemeralToken, method: value.method };
  } catch {
    return null;
  }
}

export function setPendingLogin(pending: PendingLogin | null): void {
  try {
    if (pending) sessionStorage.setItem(pendingKey, JSON.stringify(pending));
    else sessionStorage.removeItem(pendingKey);
  } catch {
    // Without storage the verification screen sends the user back to log in.
  }
}
