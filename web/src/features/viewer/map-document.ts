/** The routes whose HTML the server sends with the map's Content-Security-Policy (server/src/web-app.ts). */
export const mapRoute = /^\/workspace\/((view|share)\/[^/]|\d+\/?$)/;

/**
 * A page's Content-Security-Policy is fixed when its document loads: after a client-side
 * navigation from another page to a map route, the map's workers and layer servers would
 * be blocked. True unless the browser shows a map route in a document loaded elsewhere.
 */
export function loadedWithMapPolicy(): boolean {
  return !mapRoute.test(window.location.pathname) || documentLoadedOnMapRoute();
}

/** Whether this document was loaded on a map route (true when the browser does not say). */
export function documentLoadedOnMapRoute(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0];
  if (!navigation?.name) return true;
  return mapRoute.test(new URL(navigation.name, window.location.href).pathname);
}
