import { datasourcesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { ArcgisSignInService } from './arcgis-sign-in.service.js';
import type { DatasourcesService } from './datasources.service.js';
import type { InspectService } from './inspect.service.js';
import type { UploadService } from './upload.service.js';

export function datasourcesRoutes(
  route: RegisterEndpoint,
  {
    datasources,
    inspect,
    uploads,
    arcgis,
  }: {
    datasources: DatasourcesService;
    inspect: InspectService;
    uploads: UploadService;
    arcgis: ArcgisSignInService;
  },
) {
  route(datasourcesApi.list, async (request) =>
    pagedOf(request, await datasources.list(userOf(request), request.query)),
  );
  route(datasourcesApi.create, async (request) => datasources.create(userOf(request), request.body));
  route(datasourcesApi.inspect, async (request) => inspect.inspect(userOf(request), request.body));
  route(datasourcesApi.upload, async (request) => uploads.upload(userOf(request), request));
  route(datasourcesApi.get, async (request) => datasources.get(userOf(request), request.params.id));
  route(datasourcesApi.features, async (request, reply) => {
    const collection = await uploads.features(userOf(request), request.params.id);
    return reply.type('application/geo+json').send(collection);
  });
  route(datasourcesApi.arcgisSignIn, async (request) =>
    arcgis.signIn(userOf(request), request.params.id, request.body),
  );
  route(datasourcesApi.update, async (request) =>
    datasources.update(userOf(request), request.params.id, request.body),
  );
  route(datasourcesApi.remove, async (request) => {
    await datasources.remove(userOf(request), request.params.id);
  });
}
