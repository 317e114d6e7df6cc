import { health } from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

/** Load balancers and `npm start` scripts poll this; it is only registered after migrations. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: health, 503: health } } },
    async (_request, reply) =>
      (await database.ping())
        ? reply.send({ status: 'ok' as const })
        : reply.status(503).send({ status: 'unavailable' as const }),
  );
};
