import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAnalytics } from './analytics-context';
import { routePattern } from './route-pattern';

/** Reports one page view per path change, sent once the site's tracker is known. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const analytics = useAnalytics();
  // Guards against React's development double-run of effects counting a view twice.
  const last = useRef<{ analytics: object; pathname: string } | null>(null);

  useEffect(() => {
    if (!analytics) return;
    if (last.current?.analytics === analytics && last.current.pathname === pathname) return;
    last.current = { analytics, pathname };
    analytics.pageView(routePattern(pathname));
  }, [analytics, pathname]);
}
