import { describe, expect, it, vi } from 'vitest';
import {
  accountsFirst,
  activeAccountRequired,
  demoWorkspaceRedirect,
  loggedInHome,
  routeLoadingIndicator,
} from './account-guards';
import { guards } from './guard-loader';
import { account, context } from './test-context';

describe('guard 1: accounts are fetched first', () => {
  it('fetches them when the list is empty and the user is logged in, then lets the next guard decide', async () => {
    const fetchAccounts = vi.fn(async () => {});
    expect(await accountsFirst(context({ fetchAccounts }))).toBeUndefined();
    expect(fetchAccounts).toHaveBeenCalledOnce();
  });

  it('does not fetch them again when they are there, nor when logged out', async () => {
    const fetchAccounts = vi.fn(async () => {});
    await accountsFirst(context({ fetchAccounts, accounts: () => [account(1)] }));
    await accountsFirst(context({ fetchAccounts, isLoggedIn: false }));
    expect(fetchAccounts).not.toHaveBeenCalled();
  });
});

describe('guard 2: demo mode', () => {
  it('sends home and account pages to the demo workspace the server names', async () => {
    const demoWorkspace = vi.fn(async () => 42);
    for (const route of ['home', 'login', 'account'] as const) {
      expect(await demoWorkspaceRedirect(context({ route, demo: true, demoWorkspace }))).toEqual({
        redirect: '/workspace/view/42',
      });
    }
    expect(demoWorkspace).toHaveBeenCalledTimes(3);
  });

  it('proceeds when the server answers 0 or the lookup fails', async () => {
    const zero = context({ route: 'home', demo: true, demoWorkspace: async () => 0 });
    expect(await demoWorkspaceRedirect(zero)).toBeUndefined();
    const failing = context({
      route: 'account',
      demo: true,
      demoWorkspace: () => Promise.reject(new Error('offline')),
    });
    expect(await demoWorkspaceRedirect(failing)).toBeUndefined();
  });

  it('asks nothing outside demo mode or on other routes', async () => {
    const demoWorkspace = vi.fn(async () => 42);
    expect(await demoWorkspaceRedirect(context({ route: 'home', demoWorkspace }))).toBeUndefined();
    expect(
      await demoWorkspaceRedirect(context({ route: 'profile', demo: true, demoWorkspace })),
    ).toBeUndefined();
    expect(demoWorkspace).not.toHaveBeenCalled();
  });
});

describe('guard 3: a logged-in user on home', () => {
  const accounts = () => [account(1, 'first'), account(2, 'second')];

  it("goes to the first account's page, from / and /login", () => {
    expect(loggedInHome(context({ route: 'home', accounts }))).toEqual({ redirect: '/account/first' });
    expect(loggedInHome(context({ route: 'login', accounts }))).toEqual({ redirect: '/account/first' });
  });

  it('goes to /account/create without an account', () => {
    expect(loggedInHome(context({ route: 'home' }))).toEqual({ redirect: '/account/create' });
  });

  it('leaves logged-out users, demo mode and other routes alone', () => {
    expect(loggedInHome(context({ route: 'home', isLoggedIn: false, accounts }))).toBeUndefined();
    expect(loggedInHome(context({ route: 'home', demo: true, accounts }))).toBeUndefined();
    expect(loggedInHome(context({ route: 'register', accounts }))).toBeUndefined();
  });
});

describe('guard 4: the route-loading indicator', () => {
  it('is on for workspace, account, datasources, sharedWorkspaces and usergroups, off elsewhere', () => {
    const set = vi.fn();
    const guard = routeLoadingIndicator(set);
    const routes = ['workspace', 'editWorkspace', 'account', 'datasources', 'sharedWorkspaces', 'usergroups'];
    for (const route of routes) expect(guard(context({ route: route as 'account' }))).toBeUndefined();
    expect(set.mock.calls.map(([on]) => on)).toEqual(routes.map(() => true));
    set.mockClear();
    for (const route of ['home', 'profile', 'accounts', 'notFound'] as const) guard(context({ route }));
    expect(set.mock.calls.map(([on]) => on)).toEqual([false, false, false, false]);
  });
});

describe('guard 7: an account route without an active account', () => {
  it('goes to /account/create', () => {
    for (const route of ['accounts', 'account', 'sharedWorkspaces', 'workspace'] as const) {
      expect(activeAccountRequired(context({ route, access: 'account' }))).toEqual({
        redirect: '/account/create',
      });
    }
  });

  it('lets the route open with an active account, and leaves auth-only and public routes alone', () => {
    const activeAccount = () => account(1);
    expect(
      activeAccountRequired(context({ route: 'accounts', access: 'account', activeAccount })),
    ).toBeUndefined();
    expect(activeAccountRequired(context({ route: 'createAccount', access: 'auth' }))).toBeUndefined();
    expect(activeAccountRequired(context({ route: 'home', access: 'public' }))).toBeUndefined();
  });

  it('leaves logged-out users to guard 6', () => {
    expect(
      activeAccountRequired(context({ route: 'accounts', access: 'account', isLoggedIn: false })),
    ).toBeUndefined();
  });

  it('lets a demo user without an account see the demo workspace and the shared workspaces', () => {
    for (const route of ['workspace', 'sharedWorkspaces'] as const) {
      expect(activeAccountRequired(context({ route, access: 'account', demo: true }))).toBeUndefined();
    }
    expect(activeAccountRequired(context({ route: 'accounts', access: 'account', demo: true }))).toEqual({
      redirect: '/account/create',
    });
  });
});

describe('the guard list', () => {
  it('runs the seven guards in the order of docs/product.md', () => {
    expect(guards).toHaveLength(7);
    expect(guards[0]).toBe(accountsFirst);
    expect(guards[1]).toBe(demoWorkspaceRedirect);
    expect(guards[2]).toBe(loggedInHome);
    expect(guards[6]).toBe(activeAccountRequired);
  });
});
