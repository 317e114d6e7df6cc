import { type PathName, paths } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { accountScreens, withAccountReads } from '../features/accounts/screens';
import { authScreens } from '../features/auth/screens';
import { datasourceScreens } from '../features/datasources/screens';
import { invitationScreens } from '../features/invitations/screens';
import { layerLibraryScreens } from '../features/layer-library/screens';
import { profileScreens } from '../features/profile/screens';
import { userGroupScreens } from '../features/usergroups/screens';
import { viewerScreens, withOpeningReads } from '../features/viewer/screens';
import { workspaceScreens } from '../features/workspaces/screens';
import { guardLoader } from './guards/guard-loader';
import type { RouteAccess } from './guards/guards';
import { RouteLoadingFallback } from './shell/loading-overlay';
import { RootLayout, type RouteHandle } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/** A screen module's component, imported only when its route is first visited. */
type LoadScreen = () => Promise<ComponentType>;

const screens = {
  ...authScreens,
  ...profileScreens,
  ...accountScreens,
  ...invitationScreens,
  ...workspaceScreens,
  ...datasourceScreens,
  ...userGroupScreens,
  ...viewerScreens,
  ...layerLibraryScreens,
} satisfies Record<string, LoadScreen>;

/**
 * The route table. Screens load lazily, each in its own chunk, so the first screen
 * stays small; every route's loader runs the navigation guards first (guards/).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const route = (
    name: PathName,
    access: RouteAccess,
    load: LoadScreen,
    handle?: RouteHandle,
  ): RouteObject => ({
    id: name,
    path: paths[name],
    loader: guardLoader(queryClient, name, access),
    lazy: async () => ({ Component: await load() }),
    ...(handle ? { handle } : {}),
  });

  const mapRoute = (map: RouteObject) => withOpeningReads(queryClient, map);

  return [
    {
      // The ArcGIS sign-in pop-up's last stop: no shell, no guards; it hands its answer on and closes.
      id: 'esriOAuthCallback',
      path: paths.esriOAuthCallback,
      lazy: async () => ({ Component: await screens.esriOAuthCallback() }),
    },
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // Pathless: lets the shell render while a screen's code loads for the first time.
          id: 'screens',
          HydrateFallback: RouteLoadingFallback,
          ErrorBoundary: RouteError,
          children: [
            route('home', 'public', screens.login),
            route('login', 'public', screens.login),
            route('verification', 'public', screens.verification),
            route('register', 'public', screens.register),
            route('reset', 'public', screens.reset),
            route('passwordReset', 'public', screens.passwordReset),
            route('activate', 'public', screens.activate),
            route('activation', 'public', screens.activation),
            route('profile', 'auth', screens.profile),
            route('accounts', 'account', screens.accounts),
            route('createAccount', 'auth', screens.createAccount),
            // The account page's workspace list is read beside the guards' calls.
            withAccountReads(queryClient, route('account', 'account', screens.account)),
            route('sharedWorkspaces', 'account', screens.sharedWorkspaces),
            route('createWorkspace', 'account', screens.createWorkspace),
            // The 3D viewer and editor fill the window: no footer. Their reads start beside the guards'.
            mapRoute(route('editWorkspace', 'account', screens.workspaceEditor, { fullScreen: true })),
            mapRoute(route('workspace', 'account', screens.workspaceViewer, { fullScreen: true })),
            mapRoute(route('publicWorkspace', 'public', screens.publicWorkspace, { fullScreen: true })),
            route('datasources', 'account', screens.datasources),
            // Creating and editing a data source share one screen.
            route('createDataSource', 'account', screens.datasourceForm),
            route('editDataSource', 'account', screens.datasourceForm),
            route('usergroups', 'account', screens.usergroups),
            route('layers', 'account', screens.layers),
            {
              id: 'notFound',
              path: '*',
              loader: guardLoader(queryClient, 'notFound', 'public'),
              Component: NotFound,
            },
          ],
        },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
