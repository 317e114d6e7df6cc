import { type PathName, paths } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { guardLoader } from './guards/guard-loader';
import type { RouteAccess } from './guards/guards';
import { RouteLoadingFallback } from './shell/loading-overlay';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/** A screen module's component, imported only when its route is first visited. */
type LoadScreen = () => Promise<ComponentType>;

const screens = {
  login: async () => (await import('../features/auth/components/login-screen')).LoginScreen,
  verification: async () =>
    (await import('../features/auth/components/verification-screen')).VerificationScreen,
  register: async () => (await import('../features/auth/components/register-screen')).RegisterScreen,
  activate: async () => (await import('../features/auth/components/activate-screen')).ActivateScreen,
  activation: async () => (await import('../features/auth/components/activation-screen')).ActivationScreen,
  reset: async () => (await import('../features/auth/components/reset-screen')).ResetScreen,
  passwordReset: async () =>
    (await import('../features/auth/components/password-reset-screen')).PasswordResetScreen,
  profile: async () => (await import('../features/profile/components/profile-screen')).ProfileScreen,
  accounts: async () => (await import('../features/accounts/components/accounts-screen')).AccountsScreen,
  createAccount: async () =>
    (await import('../features/accounts/components/create-account-screen')).CreateAccountScreen,
  account: async () => (await import('../features/accounts/components/account-screen')).AccountScreen,
  sharedWorkspaces: async () =>
    (await import('../features/invitations/components/shared-workspaces-screen')).SharedWorkspacesScreen,
  createWorkspace: async () =>
    (await import('../features/workspaces/components/create-workspace-screen')).CreateWorkspaceScreen,
  workspace: async () => (await import('../features/workspaces/components/workspace-screen')).WorkspaceScreen,
} satisfies Record<string, LoadScreen>;

/**
 * The route table. Screens load lazily, each in its own chunk, so the first screen
 * stays small; every route's loader runs the navigation guards first (guards/).
 * Routes of screens not built yet (data sources, layers, user groups, the public share
 * link, the OAuth callback) are absent: their paths show NotFound.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const route = (name: PathName, access: RouteAccess, load: LoadScreen): RouteObject => ({
    id: name,
    path: paths[name],
    loader: guardLoader(queryClient, name, access),
    lazy: async () => ({ Component: await load() }),
  });

  return [
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
            route('account', 'account', screens.account),
            route('sharedWorkspaces', 'account', screens.sharedWorkspaces),
            route('createWorkspace', 'account', screens.createWorkspace),
            // The workspace editor and viewer share one screen until the 3D viewer arrives.
            route('editWorkspace', 'account', screens.workspace),
            route('workspace', 'account', screens.workspace),
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
