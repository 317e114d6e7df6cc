import {
  authTokenResponse,
  detailResponse,
  loginCodeRequest,
  loginRequest,
  loginResponse,
  registeredUser,
  registerRequest,
  resetPasswordRequest,
  resetRequest,
} from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from './auth.service.js';
import type { Authenticator } from './authenticate.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  authenticate: Authenticator;
  /** Route config applying the per-address ceiling of the identity calls. */
  rateLimit: Record<string, unknown>;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, authenticate, rateLimit },
) => {
  const tags = ['auth'];

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Log in: a token, or an ephemeral token when a second factor is on',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) => auth.login(request.body, request.headers.origin),
  );

  app.post(
    '/auth/login/code',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Second step of a login: the code',
        body: loginCodeRequest,
        response: { 200: authTokenResponse },
      },
    },
    async (request) => auth.completeLogin(request.body.ephemeral_token, request.body.code),
  );

  app.get(
    '/api/auth/logout',
    { schema: { tags, summary: 'Revokes the token of the request', response: { 200: detailResponse } } },
    async (request) => {
      await auth.logout(await authenticate(request));
      return { detail: 'Successfully logged out.' };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Registers an inactive user and mails the activation link',
        body: registerRequest,
        response: { 201: registeredUser },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await auth.register(request.body, request.headers.origin, (error) =>
            request.log.error({ err: error }, 'activation mail failed'),
          ),
        ),
  );

  app.get(
    '/api/activate/:uid/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Activates the user of an e-mailed link; answers the text 'Activated'",
        params: z.object({ uid: z.string().max(64), token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      await auth.activate(request.params.uid, request.params.token);
      return reply.type('text/plain; charset=utf-8').send('Activated');
    },
  );

  app.post(
    '/api/auth/reset',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Mails a password reset link, if the address has an account',
        body: resetRequest,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await auth.requestReset(request.body.email, request.body.site, request.headers.origin);
      return {
        detail: 'If an account exists for this e-mail address, a link to reset its password is on its way.',
      };
    },
  );

  app.post(
    '/api/auth/resetPassword',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Sets a new password: by e-mailed link (uid, pw_token), or signed in (uid false, token false)',
        body: resetPasswordRequest,
        response: { 200: detailResponse },
      },
    },
    async (request) => auth.resetPassword(request.body, () => authenticate(request)),
  );
};
