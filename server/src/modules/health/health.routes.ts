import { healthApi } from '@geows/contract';
import type { Database } from '../../db/client.js';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';

/** Load balancers and `npm start` scripts poll this; it is only registered after migrations. */
export function healthRoutes(route: RegisterEndpoint, { database }: { database: Pick<Database, 'ping'> }) {
  route(healthApi.check, async (_request, reply) =>
    (await database.ping()) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' }),
  );
}
