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

/** What `npm run admin -- site list` prints: the row as an operator edits it. */
export function presentSiteForOperator(row: SiteRow) {
  return { origin: row.origin, title: row.title, logo: row.logo, email: row.email, default: row.isDefault };
}
