import { dashboardApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { DashboardService } from './dashboard.service.js';

export function dashboardRoutes(
  route: RegisterEndpoint,
  { dashboard, authenticate }: { dashboard: DashboardService; authenticate: Authenticator },
) {
  // A share link's token reads without a login; the page that frames the dashboard is on
  // the origin this call came in on.
  route(dashboardApi.check, async (request) =>
    dashboard.check(() => authenticate(request), request.params.id, {
      token: request.query.token,
      address: request.ip,
      site: `${request.protocol}://${request.host}`,
    }),
  );
}
