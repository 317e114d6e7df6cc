import { sitesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf, pageFromList } from '../../lib/pagination.js';
import type { SitesService } from './sites.service.js';

export function sitesRoutes(route: RegisterEndpoint, { sites }: { sites: SitesService }) {
  route(sitesApi.get, async (request) =>
    pagedOf(request, pageFromList(request.query, [await sites.siteFor(request.query.site)])),
  );
}
