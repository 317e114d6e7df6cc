import type { Site } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { presentSite } from './sites.presenter.js';
import { findDefaultSite, findSiteByOrigin, type SiteRow } from './sites.repository.js';

/** Normalises what a browser sends as its origin; anything unparsable matches nothing. */
export function normaliseOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function createSitesService({ db, config }: AppContext) {
  async function siteRowFor(origin: string | undefined): Promise<SiteRow> {
    const normalised = normaliseOrigin(origin);
    const row = (normalised && (await findSiteByOrigin(db, normalised))) || (await findDefaultSite(db));
    // The default site is created at start-up; its absence is a broken installation.
    if (!row) throw new Error('No default site: the database was not seeded');
    return row;
  }

  return {
    siteRowFor,
    /** The site for a browser's origin, or the default site for an unknown one. */
    async siteFor(origin: string | undefined): Promise<Site> {
      return presentSite(await siteRowFor(origin), config);
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
