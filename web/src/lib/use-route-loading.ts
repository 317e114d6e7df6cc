import { useEffect } from 'react';
import { setRouteLoading } from './ui-store';

/**
 * For the screens guard 4 names: keeps the loading overlay up while the screen's first
 * data load is pending, and takes it down once it has settled (or the screen goes).
 */
export function useRouteLoading(pending: boolean): void {
  useEffect(() => {
    setRouteLoading(pending);
  }, [pending]);
  useEffect(() => () => setRouteLoading(false), []);
}
