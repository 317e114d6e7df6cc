import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSiteBranding } from '../features/sites';
import type { Analytics } from './analytics';
import { createAnalytics } from './create-analytics';

const OverrideContext = createContext<Analytics | null>(null);

/** Lets tests (or a host page) observe page views with their own tracker. */
export function AnalyticsOverride({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <OverrideContext.Provider value={analytics}>{children}</OverrideContext.Provider>;
}

/** The active tracker; undefined until the site's configuration is known. */
export function useAnalytics(): Analytics | undefined {
  const override = useContext(OverrideContext);
  const { analytics: config } = useSiteBranding();
  return useMemo(() => {
    if (override) return override;
    return config === undefined ? undefined : createAnalytics(config);
  }, [override, config]);
}
