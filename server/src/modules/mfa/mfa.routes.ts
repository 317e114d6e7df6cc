import { mfaApi } from '@geows/contract';
import type { RegisterEndpoint, RouteOptions } from '../../lib/endpoint-routes.js';
import { pagedOf, pageFromList } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { MfaService } from './mfa.service.js';

/** Second factors (django-trench's calls, as the product's clients make them). */
export function mfaRoutes(
  route: RegisterEndpoint,
  { mfa, identityLimit }: { mfa: MfaService; identityLimit: RouteOptions },
) {
  route(mfaApi.activeMethods, async (request) =>
    pagedOf(request, pageFromList(request.query, await mfa.activeMethods(userOf(request).id))),
  );

  route(
    mfaApi.activate,
    async (request) =>
      mfa.activate(userOf(request), request.params.method, request.headers.origin, request.body?.code),
    identityLimit,
  );

  route(
    mfaApi.confirm,
    async (request) =>
      mfa.confirm(userOf(request), request.params.method, request.body.code, request.headers.origin),
    identityLimit,
  );

  route(
    mfaApi.deactivate,
    async (request) => {
      await mfa.deactivate(userOf(request), request.params.method, request.body.code, request.headers.origin);
      return { detail: 'The method has been deactivated.' };
    },
    identityLimit,
  );

  route(
    mfaApi.requestCode,
    async (request) => {
      const user = userOf(request);
      await mfa.requestCode(user, request.headers.origin);
      return { detail: `We sent a code to ${user.email}.` };
    },
    identityLimit,
  );
}
