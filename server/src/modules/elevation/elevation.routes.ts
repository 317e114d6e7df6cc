import { elevationApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import type { Authenticator } from '../auth/authenticate.js';
import { profileCsv } from './csv.js';
import type { ElevationService } from './elevation.service.js';

/** `Accept: text/csv` (before JSON, or alone) asks for the profile as CSV. */
function wantsCsv(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv >= 0 && (json < 0 || csv < json);
}

export function elevationRoutes(
  route: RegisterEndpoint,
  { elevation, authenticate }: { elevation: ElevationService; authenticate: Authenticator },
) {
  // A share link's token reads without a login; otherwise the login decides.
  route(elevationApi.profile, async (request, reply) => {
    const profile = await elevation.profile(
      () => authenticate(request),
      request.params.id,
      { token: request.query.token, address: request.ip },
      request.body,
    );
    if (!wantsCsv(request.headers.accept)) return profile;
    return reply.type('text/csv; charset=utf-8').send(profileCsv(profile));
  });
}
