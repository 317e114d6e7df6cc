import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';

// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const accountScreens = {
  accounts: async () => (await import('./components/accounts-screen')).AccountsScreen,
  createAccount: async () => (await import('./components/create-account-screen')).CreateAccountScreen,
  account: async () => (await import('./components/account-screen')).AccountScreen,
};

/**
 * The account route with its workspace list read beside the guards' calls (account-reads.ts).
 * Imported when the route is opened, not statically: its fetchers would join the code every page
 * loads; the bundle puts it in the account page's file (vite.config.ts), which the screen needs too.
 */
export function withAccountReads(queryClient: QueryClient, route: RouteObject): RouteObject {
  const loader = route.loader as LoaderFunction | undefined;
  return {
    ...route,
    loader: (args, context) => {
      void import('./account-reads').then(({ startAccountReads }) =>
        startAccountReads(queryClient, args.params.slug),
      );
      return loader?.(args, context) ?? null;
    },
  };
}
