import { authApi } from '@geows/contract';
import type { RegisterEndpoint, RouteOptions } from '../../lib/endpoint-routes.js';
import { clientOf } from '../audit/client-info.js';
import type { AuthService } from './auth.service.js';
import { type Authenticator, userOf } from './authenticate.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  authenticate: Authenticator;
  /** Applies the per-address ceiling of the identity calls. */
  identityLimit: RouteOptions;
};

export function authRoutes(
  route: RegisterEndpoint,
  { auth, authenticate, identityLimit }: AuthRoutesOptions,
) {
  route(
    authApi.login,
    async (request) => auth.login(request.body, request.headers.origin, clientOf(request)),
    identityLimit,
  );

  route(
    authApi.loginCode,
    async (request) => auth.completeLogin(request.body.ephemeral_token, request.body.code, clientOf(request)),
    identityLimit,
  );

  route(authApi.logout, async (request) => {
    await auth.logout(userOf(request));
    return { detail: 'Successfully logged out.' };
  });

  route(
    authApi.register,
    async (request) =>
      auth.register(request.body, request.headers.origin, (error) =>
        request.log.error({ err: error }, 'activation mail failed'),
      ),
    identityLimit,
  );

  route(
    authApi.activate,
    async (request) => {
      await auth.activate(request.params.uid, request.params.token);
      return 'Activated' as const;
    },
    identityLimit,
  );

  route(
    authApi.reset,
    async (request) => {
      await auth.requestReset(request.body.email, request.body.site, request.headers.origin);
      return {
        detail: 'If an account exists for this e-mail address, a link to reset its password is on its way.',
      };
    },
    identityLimit,
  );

  // Authenticated only when no e-mailed link is given: the service decides (auth 'optional').
  route(
    authApi.resetPassword,
    async (request) => auth.resetPassword(request.body, () => authenticate(request), clientOf(request)),
    identityLimit,
  );
}
