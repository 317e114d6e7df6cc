import { authUserPage, idParam, profile, profilePage, profileUpdate } from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../lib/pagination.js';
import { type Authenticator, requireAuth, userOf } from '../auth/authenticate.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  authenticate: Authenticator;
}> = async (app, { users, authenticate }) => {
  const tags = ['users'];
  app.addHook('onRequest', requireAuth(authenticate));

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'The signed-in user (the only user a caller can see)',
        response: { 200: authUserPage },
      },
    },
    async (request) => pageOf([await users.me(userOf(request))]),
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Deletes the signed-in user and what only they own',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.deleteUser(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/extendUsers',
    { schema: { tags, summary: "The signed-in user's profile details", response: { 200: profilePage } } },
    async (request) => pageOf([await users.myProfile(userOf(request))]),
  );

  app.patch(
    '/api/extendUsers/:id',
    {
      schema: {
        tags,
        summary: "Updates the signed-in user's profile details",
        params: idParam,
        body: profileUpdate,
        response: { 200: profile },
      },
    },
    async (request) => users.updateProfile(userOf(request), request.params.id, request.body),
  );
};
