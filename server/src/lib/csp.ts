import { type AnalyticsConfig, dashboardOrigin } from '@geows/contract';

/** What the 3D map's pages need beyond the strict policy. */
export type MapPolicy = {
  /** FETCH_ALLOW_HOSTS entries (`host` or `host:port`): layer servers on loopback or an intranet. */
  layerHosts: readonly string[];
  /** The origin of the workspace's dashboard (`bi.url`), which the page shows in a frame. */
  dashboard?: string | undefined;
};

/** The origins of FETCH_ALLOW_HOSTS entries, over http and https. */
export function layerHostOrigins(hosts: readonly string[]): string[] {
  return hosts
    .map((host) => host.trim())
    .filter((host) => /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host))
    .flatMap((host) => [`http://${host}`, `https://${host}`]);
}

/**
 * The Content-Security-Policy of the app's HTML. Scripts only from this origin
 * (no inline scripts); MUI injects style elements at run time, hence inline styles.
 * The analytics provider of the site, when one is configured, is allowed on top.
 * The map's pages (`map`) also let Cesium compile WebAssembly and reach the layer
 * servers: any https origin, and the configured hosts on loopback or an intranet; and,
 * when the workspace has a dashboard, frame exactly its origin (else frames stay 'self',
 * by `default-src`).
 */
export function contentSecurityPolicy(analytics: AnalyticsConfig, map?: MapPolicy): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:', 'https:'];
  // Checked again here: only a plain http(s) origin goes into the header.
  const dashboard = map?.dashboard ? dashboardOrigin(map.dashboard) : undefined;
  if (map) {
    const origins = layerHostOrigins(map.layerHosts);
    script.push("'wasm-unsafe-eval'");
    connect.push('data:', 'blob:', 'https:', ...origins);
    img.push(...origins);
  }
  if (analytics?.provider === 'plausible') connect.push(analytics.apiHost);
  if (analytics?.provider === 'ga4') {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    ...(dashboard ? [`frame-src 'self' ${dashboard}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
