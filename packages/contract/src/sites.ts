import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Where page views go. Only route patterns are ever sent (never the tokens in share,
 * reset and activation paths); null means analytics are off and nothing is sent.
 */
export const analyticsConfig = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('plausible'), domain: z.string(), apiHost: z.string() }),
    z.object({ provider: z.literal('ga4'), measurementId: z.string() }),
  ])
  .nullable();
export type AnalyticsConfig = z.infer<typeof analyticsConfig>;

/** A site is one origin the product is served on, with its branding. */
export const site = z.object({
  site: z.string(),
  title: z.string(),
  logo: z.string(),
  /** Support address shown in the footer ("For questions and support reach us at {email}"). */
  email: z.string(),
  analytics: analyticsConfig,
});
export type Site = z.infer<typeof site>;

export const siteQuery = pageQuery.extend({ site: z.string().max(2048).optional() });
export const sitePage = pageOf(site);

/** Product name shown in the footer and used when a site has no title. */
export const productName = 'GeoWorkspaces';

export const sitesApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/sites',
    auth: 'none',
    access: 'public',
    status: 200,
    tag: 'sites',
    summary: "The site (branding) for the browser's origin; unknown origins get the default site",
    query: siteQuery,
    response: sitePage,
  }),
};
