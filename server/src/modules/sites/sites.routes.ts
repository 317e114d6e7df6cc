import { sitesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pageOf } from '../../lib/pagination.js';
import type { SitesService } from './sites.service.js';

export function sitesRoutes(route: RegisterEndpoint, { sites }: { sites: SitesService }) {
  route(sitesApi.get, async (request) => pageOf([await sites.siteFor(request.query.site)]));
}
