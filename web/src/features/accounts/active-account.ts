import { type Account, paths, pathTo } from '@geows/contract';
import { positiveId, storedValue } from '../../lib/stored-value';

/**
 * The active account: its id in localStorage, so a reload or the next login keeps it.
 * Which account is active follows `chooseActiveAccount`.
 */
const activeAccount = storedValue('activeAccount', positiveId);

export const getActiveAccountId = (): number | null => activeAccount.get();

export function setActiveAccountId(id: number | null): void {
  if (id === getActiveAccountId()) return;
  // Without storage the first account is active after a reload.
  activeAccount.set(id || null);
}

export const subscribeActiveAccount = (listener: () => void): (() => void) =>
  activeAccount.subscribe(listener);

/**
 * Account selection (docs/product.md, "States and transitions"): none without accounts
 * (the caller goes to /account/create); otherwise the previously active account if it
 * still exists, else the first.
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
