import { sitePage, siteQuery } from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '../../lib/pagination.js';
import type { SitesService } from './sites.service.js';

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  app.get(
    '/api/sites',
    {
      schema: {
        tags: ['sites'],
        summary: "The site (branding) for the browser's origin; unknown origins get the default site",
        querystring: siteQuery,
        response: { 200: sitePage },
      },
    },
    async (request) => pageOf([await sites.siteFor(request.query.site)]),
  );
};
