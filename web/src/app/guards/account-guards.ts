import { type PathName, paths, pathTo } from '@geows/contract';
import type { Guard } from './guards';

/** Guard 1: logged in and no accounts in the list → fetch them first. Never redirects. */
export const accountsFirst: Guard = async ({ isLoggedIn, accounts, fetchAccounts }) => {
  if (isLoggedIn && accounts().length === 0) await fetchAccounts();
  return undefined;
};

const isHome = (route: PathName | 'notFound') => route === 'home' || route === 'login';

/**
 * Guard 2: in demo mode, home (and its twin /login) and account pages ask the server for
 * the demo workspace: 0 or a failed lookup → proceed; an id → that workspace's view.
 */
export const demoWorkspaceRedirect: Guard = async ({ route, demo, demoWorkspace }) => {
  if (!demo || !(isHome(route) || route === 'account')) return undefined;
  const id = await demoWorkspace().catch(() => 0);
  return id > 0 ? { redirect: pathTo(paths.workspace, { id }) } : undefined;
};

/**
 * Guard 3: logged in on home without demo mode → the first account's page; without an
 * account, where guard 7 would send an account route: /account/create.
 */
export const loggedInHome: Guard = ({ route, isLoggedIn, demo, accounts }) => {
  if (!isLoggedIn || demo || !isHome(route)) return undefined;
  const first = accounts()[0];
  return { redirect: first ? pathTo(paths.account, { slug: first.slug }) : paths.createAccount };
};

/** The routes guard 4 shows the route-loading indicator for (docs/product.md, "Navigation guards"). */
export const routeLoadingRoutes: ReadonlySet<PathName | 'notFound'> = new Set<PathName>([
  'workspace',
  'editWorkspace',
  'account',
  'datasources',
  'sharedWorkspaces',
  'usergroups',
]);

/**
 * Guard 4: the route-loading indicator, on for the routes above (their screens take it
 * down once their data is in) and off for every other route. Never redirects.
 */
export const routeLoadingIndicator =
  (setRouteLoading: (on: boolean) => void): Guard =>
  ({ route }) => {
    setRouteLoading(routeLoadingRoutes.has(route));
    return undefined;
  };

/**
 * Routes a demo user may open without an account of their own: demo mode stands in for
 * the account there (the demo menu links to Shared Workspaces; the demo workspace's view).
 */
const demoRoutes: ReadonlySet<PathName | 'notFound'> = new Set<PathName>(['workspace', 'sharedWorkspaces']);

/** Guard 7: an account route while no account is active → /account/create. */
export const activeAccountRequired: Guard = ({ route, access, isLoggedIn, demo, activeAccount }) => {
  if (access !== 'account' || !isLoggedIn || activeAccount()) return undefined;
  if (demo && demoRoutes.has(route)) return undefined;
  return { redirect: paths.createAccount };
};
