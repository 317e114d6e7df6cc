import type { QueryClient } from '@tanstack/react-query';
import { type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { createRoutes } from '../app/router';

/** The screens prerendered at build time: the login page, and the shell around the signed-in pages. */
export type PrerenderedPage = 'login' | 'shell';
export const prerenderedPages: readonly PrerenderedPage[] = ['login', 'shell'];

export type FirstRoutes = { routes: RouteObject[]; hydrationData?: HydrationState };

/**
 * The routes and the router's first state that render a prerendered page the same way at build
 * time and in the browser's first render, so that the browser can hydrate the markup.
 * The login page starts with its screen's code loaded and its guards passed: they only ever
 * redirect a signed-in visitor, and the login page is taken over only when nobody is signed in
 * (boot-script.js). The shell starts as every signed-in page does before its guards have run:
 * the toolbar and an empty main area.
 */
export async function firstRoutes(
  queryClient: QueryClient,
  page: PrerenderedPage,
  pathname: string,
): Promise<FirstRoutes> {
  const routes = createRoutes(queryClient);
  if (page !== 'login') return { routes };
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  const loaderData = Object.fromEntries(
    matches.filter(({ route }) => route.loader && route.id).map(({ route }) => [route.id, null]),
  );
  return { routes, hydrationData: { loaderData } };
}
