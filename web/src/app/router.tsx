import { paths } from '@geows/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteLoadingFallback } from './shell/loading-overlay';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/**
 * The route table. Screens load lazily, each in its own chunk, so the first screen
 * stays small. Routes of screens not built yet are absent: their paths show NotFound.
 */
export const routes: RouteObject[] = [
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
          {
            path: paths.home,
            lazy: async () => ({
              Component: (await import('../features/home/components/home-screen')).HomeScreen,
            }),
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
