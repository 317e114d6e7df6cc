import type { AnalyticsConfig } from '@geows/contract';
import { type Analytics, noopAnalytics } from './analytics';
import { createGa4Analytics } from './ga4';
import { createPlausibleAnalytics } from './plausible';

/** The tracker a site is configured for; none configured means nothing is ever sent. */
export function createAnalytics(config: AnalyticsConfig): Analytics {
  switch (config?.provider) {
    case 'plausible':
      return createPlausibleAnalytics({ domain: config.domain, apiHost: config.apiHost });
    case 'ga4':
      return createGa4Analytics({ measurementId: config.measurementId });
    default:
      return noopAnalytics;
  }
}
