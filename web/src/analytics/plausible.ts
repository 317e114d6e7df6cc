import type { Analytics } from './analytics';

export type PlausibleOptions = {
  domain: string;
  apiHost: string;
  origin?: string;
  send?: typeof fetch;
};

/**
 * Plausible's events API, called directly instead of loading its script: no third-party
 * code runs on the page, and the URL sent is built from the route pattern alone.
 */
export function createPlausibleAnalytics({
  domain,
  apiHost,
  origin = window.location.origin,
  send = (...args) => fetch(...args),
}: PlausibleOptions): Analytics {
  const endpoint = `${apiHost.replace(/\/+$/, '')}/api/event`;
  return {
    pageView(pattern) {
      const body = JSON.stringify({ name: 'pageview', url: origin + pattern, domain, referrer: null });
      // text/plain keeps it a simple CORS request (no preflight), as Plausible's own script does.
      send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body,
        keepalive: true,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      }).catch(() => {
        // Analytics must never disturb the user: blocked or offline requests are dropped.
      });
    },
  };
}
