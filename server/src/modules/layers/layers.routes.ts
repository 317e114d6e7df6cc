import { layersApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { type Authenticator, userOf } from '../auth/authenticate.js';
import type { LayersService } from './layers.service.js';

export function layersRoutes(
  route: RegisterEndpoint,
  { layers, authenticate }: { layers: LayersService; authenticate: Authenticator },
) {
  // A share link's token reads the tree without a login; otherwise the login decides.
  route(
    layersApi.list,
    async (request) => pagedOf(request, await layers.list(() => authenticate(request), request.query)),
    { lean: true },
  );
  route(layersApi.library, async (request) =>
    pagedOf(request, await layers.library(userOf(request), request.query)),
  );
  route(layersApi.sources, async (request) => layers.sources(() => authenticate(request), request.query));
  route(layersApi.features, async (request, reply) => {
    const collection = await layers.features(() => authenticate(request), request.params.id, request.query);
    return reply.type('application/geo+json').send(collection);
  });
  route(layersApi.create, async (request) => layers.create(userOf(request), request.body));
  route(layersApi.update, async (request) => layers.update(userOf(request), request.params.id, request.body));
  route(layersApi.remove, async (request) => {
    await layers.remove(userOf(request), request.params.id);
  });
}
