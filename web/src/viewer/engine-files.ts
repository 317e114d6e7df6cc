/**
 * Fetching the 3D engine (Cesium and cesium-engine.ts, about 1 MB compressed) before the first
 * map asks for it, without running it: its evaluation costs the main thread, and only
 * createMapEngine (map-engine.ts) imports it. The build names the files in index.html
 * (web/scripts/engine-files-plugin.ts); without that list (the dev server) nothing is fetched early.
 */
const metaName = 'geows-engine-files';

/** The rel each file was asked for with; a preload after a prefetch upgrades it. */
const asked = new Map<string, 'preload' | 'prefetch'>();

function engineFiles(): string[] {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`)?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

function addLink(href: string, rel: 'modulepreload' | 'prefetch'): void {
  const link = document.createElement('link');
  link.rel = rel;
  // The credentials mode the app's own imports and stylesheets use (Vite's crossorigin links),
  // so that what is fetched here is what they find.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * A map route: fetch and compile the engine at once, at the browser's normal priority, beside
 * the screen's code and API calls, so that it is ready when the workspace has loaded. The
 * page's heading does not wait for it: nothing of it runs until the map is created.
 */
export function preloadEngine(): void {
  for (const file of engineFiles()) {
    if (asked.get(file) === 'preload') continue;
    asked.set(file, 'preload');
    // The stylesheet is small and applied only with the map: a preload would be reported unused.
    addLink(file, file.endsWith('.css') ? 'prefetch' : 'modulepreload');
  }
}

/** Whether the visitor asked to save data, or the connection is too slow to spend on what may not be needed. */
function savingData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Any other screen, once drawn and idle: fetch the engine into the HTTP cache at the lowest
 * priority (a prefetch is neither parsed nor run), so that a workspace opened later finds it
 * there. Not on a data-saving or 2G connection.
 */
export function prefetchEngine(): void {
  if (savingData()) return;
  for (const file of engineFiles()) {
    if (asked.has(file)) continue;
    asked.set(file, 'prefetch');
    addLink(file, 'prefetch');
  }
}
