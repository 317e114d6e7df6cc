import { auditApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(route: RegisterEndpoint, { audit }: { audit: AuditService }) {
  route(auditApi.mine, async (request) => pagedOf(request, await audit.mine(userOf(request))));
  route(auditApi.ofAccount, async (request) =>
    pagedOf(request, await audit.ofAccount(userOf(request), request.params.id, request.query)),
  );
}
