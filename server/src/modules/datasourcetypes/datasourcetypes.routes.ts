import { datasourceTypePage } from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { pageOf } from '../../lib/pagination.js';
import { listDatasourceTypes } from './datasourcetypes.repository.js';

export const datasourceTypesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/datasourcetypes',
    {
      schema: {
        tags: ['datasources'],
        summary: 'The kinds of data source the product supports (no authentication)',
        response: { 200: datasourceTypePage },
      },
    },
    async () => pageOf(await listDatasourceTypes(ctx.db)),
  );
};
