import { type Account, paths, pathTo } from '@geows/contract';

/**
 * The active account (spec §3 "activeAccount"): its id in localStorage, so a reload or
 * the next login keeps it. Which account is active follows `chooseActiveAccount`.
 */
const key = 'activeAccount';
const listeners = new Set<() => void>();

export function getActiveAccountId(): number | null {
  try {
    const id = Number(localStorage.getItem(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function setActiveAccountId(id: number | null): void {
  if (id === getActiveAccountId()) return;
  try {
    if (id) localStorage.setItem(key, String(id));
    else localStorage.removeItem(key);
  } catch {
    // Without storage the first account is active after a reload.
  }
  for (const listener of listeners) listener();
}

export function subscribeActiveAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Spec §4 "Account selection": none without accounts (the caller goes to
 * /account/create); otherwise the previously active account if it still exists, else
 * the first.
 */
export function chooseActiveAccount(
  accounts: readonly Account[] | undefined,
  previousId: number | null,
): Account | null {
  if (!accounts || accounts.length === 0) return null;
  return accounts.find((account) => account.id === previousId) ?? accounts[0] ?? null;
}

/** The account page of an account, or /account/create without one. */
export const accountHome = (account: Pick<Account, 'slug'> | null): string =>
  account ? pathTo(paths.account, { slug: account.slug }) : paths.createAccount;
