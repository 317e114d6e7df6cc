import type { Account } from '@geows/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getToken, subscribeToken } from '../../api/token-storage';
import {
  accountHome,
  chooseActiveAccount,
  getActiveAccountId,
  setActiveAccountId,
  subscribeActiveAccount,
} from './active-account';
import { useAccounts } from './api/get-accounts';

export type ActiveAccountState = {
  /** Undefined while loading or logged out. */
  accounts: Account[] | undefined;
  activeAccount: Account | null;
};

/** The caller's accounts and the active one; re-renders when either changes (the menu rebuilds). */
export function useActiveAccount(): ActiveAccountState {
  const isLoggedIn = Boolean(useSyncExternalStore(subscribeToken, getToken, getToken));
  const { data: accounts } = useAccounts(isLoggedIn);
  const activeId = useSyncExternalStore(subscribeActiveAccount, getActiveAccountId, getActiveAccountId);
  const list = isLoggedIn ? accounts : undefined;
  return { accounts: list, activeAccount: chooseActiveAccount(list, activeId) };
}

/** Choosing an account in the menu: it becomes active, and its page opens. */
export function useChooseAccount(): (account: Account) => void {
  const navigate = useNavigate();
  return useCallback(
    (account: Account) => {
      setActiveAccountId(account.id);
      void navigate(accountHome(account));
    },
    [navigate],
  );
}
