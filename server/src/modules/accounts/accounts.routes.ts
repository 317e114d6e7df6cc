import { account, accountPage, createAccountRequest, idParam } from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../lib/pagination.js';
import { type Authenticator, requireAuth, userOf } from '../auth/authenticate.js';
import type { AccountsService } from './accounts.service.js';

export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  authenticate: Authenticator;
}> = async (app, { accounts, authenticate }) => {
  const tags = ['accounts'];
  app.addHook('onRequest', requireAuth(authenticate));

  app.get(
    '/api/accounts',
    { schema: { tags, summary: 'The accounts the caller administers', response: { 200: accountPage } } },
    async (request) => pageOf(await accounts.list(userOf(request))),
  );

  app.post(
    '/api/accounts',
    {
      schema: {
        tags,
        summary: 'Creates an account; the caller is its admin',
        body: createAccountRequest,
        response: { 201: account },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.create(userOf(request), request.body)),
  );

  app.delete(
    '/api/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an account with its workspaces, layers, data sources and groups (admin only)',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accounts.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
