import type { Site } from '@geows/contract';
import { listeningOrigin } from '../../config.js';
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

/** Where e-mailed links point, and the name the mail is signed with. */
export type MailSite = { origin: string; title: string };

export function createSitesService({ db, config }: Pick<AppContext, 'db' | 'config'>) {
  async function siteRowFor(origin: string | undefined): Promise<SiteRow> {
    const normalised = normaliseOrigin(origin);
    const row = (normalised && (await findSiteByOrigin(db, normalised))) || (await findDefaultSite(db));
    // The default site is created at start-up; its absence is a broken installation.
    if (!row) throw new Error('No default site: the database was not seeded');
    return row;
  }

  /** The server's own origins: a browser on 127.0.0.1 may also call it localhost. */
  function ownOrigins(): string[] {
    const own = new URL(listeningOrigin(config));
    const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];
    return loopbackNames.includes(own.hostname)
      ? loopbackNames.map((name) => `http://${name}:${own.port}`)
      : [own.origin];
  }

  /**
   * The origin that e-mailed links are built on. A client-supplied origin is used only
   * when it is known — a site in the sites table, the server's own listening origin, or
   * PUBLIC_URL — so nobody can make the server mail a reset link pointing elsewhere.
   */
  async function linkOrigin(candidate: string | undefined): Promise<string> {
    const origin = normaliseOrigin(candidate);
    if (origin) {
      if (origin === config.publicUrl || ownOrigins().includes(origin)) return origin;
      if (await findSiteByOrigin(db, origin)) return origin;
    }
    if (config.publicUrl) return config.publicUrl;
    const site = await findDefaultSite(db);
    return site?.origin ?? listeningOrigin(config);
  }

  return {
    /** The site for a browser's origin, or the default site for an unknown one. */
    async siteFor(origin: string | undefined): Promise<Site> {
      return presentSite(await siteRowFor(origin), config);
    },

    /**
     * The one rule for mails: links on `linkOrigin`'s origin, signed with that site's
     * title, or with the origin's host name when the site has no title.
     */
    async mailSite(candidateOrigin: string | undefined): Promise<MailSite> {
      const origin = await linkOrigin(candidateOrigin);
      const row = await siteRowFor(origin);
      return { origin, title: row.title || new URL(origin).host };
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
