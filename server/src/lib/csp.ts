import type { AnalyticsConfig } from '@geows/contract';

/**
 * The Content-Security-Policy of the app's HTML. Scripts only from this origin
 * (no inline scripts); MUI injects style elements at run time, hence inline styles.
 * The analytics provider of the site, when one is configured, is allowed on top.
 */
export function contentSecurityPolicy(analytics: AnalyticsConfig): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:', 'https:'];
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
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
