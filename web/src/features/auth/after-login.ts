import { paths, pathTo } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import { accountHome, chooseActiveAccount, getActiveAccountId, loadAccounts } from '../accounts';
import { getDemoWorkspace } from '../demo';
import { loadUserGroups } from '../usergroups';
import { getEndedSession, setDemo, setEndedSession } from './session-store';

export type AfterLoginContext = {
  queryClient: QueryClient;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
};

/**
 * The one place that decides where a completed login goes (docs/product.md, "States and transitions"): the accounts are
 * loaded (the user groups alongside, without waiting for them), then the demo endpoint is asked. 0 → the active account's page (or
 * /account/create without one); any other id → demo mode on, and that workspace's view. A login after the server ended the
 * session goes back to the page the user was on instead of the account's page (the demo workspace still wins: the spec fixes
 * it); the guards still apply there, so a page the user may no longer open sends them on as usual.
 */
export async function afterLogin({ queryClient, navigate }: AfterLoginContext): Promise<void> {
  const returnTo = getEndedSession()?.returnTo ?? null;
  setEndedSession(null);
  // A failure is only logged: the groups screen loads them again.
  loadUserGroups(queryClient).catch((error: unknown) =>
    console.warn('User groups could not be loaded', error),
  );
  const accounts = await loadAccounts(queryClient).catch(() => []);
  const demoWorkspace = await getDemoWorkspace().catch(() => 0);
  if (demoWorkspace > 0) {
    setDemo(true, demoWorkspace);
    await navigate(pathTo(paths.workspace, { id: demoWorkspace }), { replace: true });
    return;
  }
  setDemo(false);
  await navigate(returnTo ?? accountHome(chooseActiveAccount(accounts, getActiveAccountId())), {
    replace: true,
  });
}
