import { invitationsApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { InvitationsService } from './invitations.service.js';

export function invitationsRoutes(
  route: RegisterEndpoint,
  { invitations }: { invitations: InvitationsService },
) {
  route(invitationsApi.list, async (request) =>
    pagedOf(request, await invitations.list(userOf(request), request.query)),
  );
  route(invitationsApi.create, async (request) =>
    invitations.create(userOf(request), request.body, request.headers.origin),
  );
  route(invitationsApi.remove, async (request) => {
    await invitations.remove(userOf(request), request.params.id);
  });
}
