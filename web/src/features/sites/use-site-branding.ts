import type { AnalyticsConfig } from '@geows/contract';
import { useEffect } from 'react';
import defaultLogo from '../../assets/default-logo.svg';
import { useSite } from './api/get-site';
import { deriveSiteName } from './site-name';

export type SiteBranding = {
  /** False until the site lookup has answered (or failed). */
  ready: boolean;
  name: string;
  /** The site's own logo, or null when the default logo is shown next to the name. */
  logo: string | null;
  defaultLogo: string;
  email: string;
  /** Undefined while unknown; null when this site sends no page views. */
  analytics: AnalyticsConfig | undefined;
};

/** The branding the shell shows; falls back to the host-derived name when the lookup fails. */
export function useSiteBranding(): SiteBranding {
  const { data, isPending, isError } = useSite();
  const name = data?.title || deriveSiteName(window.location.host);

  useEffect(() => {
    if (!isPending) document.title = name;
  }, [isPending, name]);

  return {
    ready: !isPending,
    name,
    logo: data?.logo || null,
    defaultLogo,
    email: data?.email ?? '',
    analytics: isError ? null : isPending ? undefined : (data?.analytics ?? null),
  };
}
