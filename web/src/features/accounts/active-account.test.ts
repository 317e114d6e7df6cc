import type { Account } from '@geows/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  accountHome,
  chooseActiveAccount,
  getActiveAccountId,
  setActiveAccountId,
  subscribeActiveAccount,
} from './active-account';

const account = (id: number, slug = `acc-${id}`): Account => ({
  id,
  name: `Account ${id}`,
  description: '',
  slug,
  admin: 7,
});

describe("chooseActiveAccount (which of the caller's accounts is active)", () => {
  const accounts = [account(1), account(2), account(3)];

  it('has none without accounts', () => {
    expect(chooseActiveAccount([], 2)).toBeNull();
    expect(chooseActiveAccount(undefined, 2)).toBeNull();
  });

  it('keeps the previously active account when it still exists', () => {
    expect(chooseActiveAccount(accounts, 2)).toEqual(account(2));
  });

  it('falls back to the first when the previous one is gone or none was active', () => {
    expect(chooseActiveAccount(accounts, 99)).toEqual(account(1));
    expect(chooseActiveAccount(accounts, null)).toEqual(account(1));
  });
});

describe('the stored active account', () => {
  it('is remembered in localStorage and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeActiveAccount(listener);
    expect(getActiveAccountId()).toBeNull();
    setActiveAccountId(3);
    expect(localStorage.getItem('activeAccount')).toBe('3');
    expect(getActiveAccountId()).toBe(3);
    setActiveAccountId(3);
    expect(listener).toHaveBeenCalledOnce();
    setActiveAccountId(null);
    expect(getActiveAccountId()).toBeNull();
    unsubscribe();
  });

  it('ignores a value that is not an id', () => {
    localStorage.setItem('activeAccount', 'nonsense');
    expect(getActiveAccountId()).toBeNull();
  });
});

describe('accountHome', () => {
  it("is the account's page, or /account/create without an account", () => {
    expect(accountHome(account(1, 'acme-maps'))).toBe('/account/acme-maps');
    expect(accountHome(null)).toBe('/account/create');
  });
});
