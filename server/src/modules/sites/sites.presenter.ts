import type { Site } from '@geows/contract';
import type { Config } from '../../config.js';
import type { SiteRow } from './sites.repository.js';

export function presentSite(row: SiteRow, config: Pick<Config, 'supportEmail' | 'analytics'>): Site {
  return {
    site: row.origin,
    title: row.title,
    logo: row.logo,
    email: row.email || config.supportEmail,
    analytics: row.analytics ?? config.analytics,
  };
}
