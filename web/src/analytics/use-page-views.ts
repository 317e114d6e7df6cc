import type { AnalyticsConfig } from '@geows/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { createAnalytics } from './create-analytics';
import { routePattern } from './route-pattern';

/**
 * Reports one page view per path change to the site's tracker. `config` is undefined
 * while the site is still being looked up (nothing is sent yet) and null when the site
 * sends no page views; the shell passes it from the site's branding.
 */
export function usePageViews(config: AnalyticsConfig | null | undefined): void {
  const { pathname } = useLocation();
  const analytics = useMemo(() => (config === undefined ? undefined : createAnalytics(config)), [config]);
  // Guards against React's development double-run of effects counting a view twice.
  const last = useRef<{ analytics: object; pathname: string } | null>(null);

  useEffect(() => {
    if (!analytics) return;
    if (last.current?.analytics === analytics && last.current.pathname === pathname) return;
    last.current = { analytics, pathname };
    analytics.pageView(routePattern(pathname));
  }, [analytics, pathname]);
}
