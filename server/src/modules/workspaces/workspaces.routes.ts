import {
  cloneWorkspaceRequest,
  createWorkspaceRequest,
  idParam,
  workspace,
  workspaceListQuery,
  workspacePage,
  workspaceReadQuery,
} from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../lib/pagination.js';
import { type Authenticator, requireAuth, userOf } from '../auth/authenticate.js';
import type { WorkspacesService } from './workspaces.service.js';

export const workspacesRoutes: FastifyPluginAsyncZod<{
  workspaces: WorkspacesService;
  authenticate: Authenticator;
}> = async (app, { workspaces, authenticate }) => {
  const tags = ['workspaces'];
  app.addHook('onRequest', requireAuth(authenticate));

  app.get(
    '/api/workspaces',
    {
      schema: {
        tags,
        summary: "An account's workspaces (its admin only), or all the caller administers and edits",
        querystring: workspaceListQuery,
        response: { 200: workspacePage },
      },
    },
    async (request) => pageOf(await workspaces.list(userOf(request), request.query.account)),
  );

  app.post(
    '/api/workspaces',
    {
      schema: {
        tags,
        summary: 'Creates a workspace in an account the caller administers',
        body: createWorkspaceRequest,
        response: { 201: workspace },
      },
    },
    async (request, reply) => reply.status(201).send(await workspaces.create(userOf(request), request.body)),
  );

  app.get(
    '/api/workspaces/:id',
    {
      schema: {
        tags,
        summary: "A workspace the caller may see, with the caller's rights (admin, edit or view)",
        params: idParam,
        querystring: workspaceReadQuery,
        response: { 200: workspace },
      },
    },
    async (request) => workspaces.get(userOf(request), request.params.id),
  );

  app.delete(
    '/api/workspaces/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a workspace (its admin only)',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await workspaces.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/cloneWorkspace',
    {
      schema: {
        tags,
        summary: "Deep copy of a workspace and its layers, named '… (copy)'",
        body: cloneWorkspaceRequest,
        response: { 201: workspace },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await workspaces.clone(userOf(request), request.body.workspace)),
  );
};
