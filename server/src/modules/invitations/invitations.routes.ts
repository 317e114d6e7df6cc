import {
  createInvitationRequest,
  demoResponse,
  idParam,
  invitation,
  invitationListQuery,
  invitationPage,
} from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../lib/pagination.js';
import { type Authenticator, requireAuth, userOf } from '../auth/authenticate.js';
import type { DemoService } from '../demo/demo.service.js';
import type { InvitationsService } from './invitations.service.js';

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  demo: DemoService;
  authenticate: Authenticator;
}> = async (app, { invitations, demo, authenticate }) => {
  const tags = ['invitations'];
  app.addHook('onRequest', requireAuth(authenticate));

  app.get(
    '/api/invite',
    {
      schema: {
        tags,
        summary: "The caller's invitations, or (?workspace=) one workspace's, for its admin and editors",
        querystring: invitationListQuery,
        response: { 200: invitationPage },
      },
    },
    async (request) => pageOf(await invitations.list(userOf(request), request.query.workspace)),
  );

  app.post(
    '/api/invite',
    {
      schema: {
        tags,
        summary: 'Invites a person by e-mail to a workspace (admin and editors)',
        body: createInvitationRequest,
        response: { 201: invitation },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.create(userOf(request), request.body, request.headers.origin)),
  );

  app.delete(
    '/api/invite/:id',
    {
      schema: {
        tags,
        summary: 'Withdraws (admin, editors) or declines (invitee) an invitation',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await invitations.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/demo',
    {
      schema: {
        tags: ['demo'],
        summary: "The caller's demo workspace id, or 0",
        response: { 200: demoResponse },
      },
    },
    async (request) => demo.workspaceOf(userOf(request)),
  );
};
