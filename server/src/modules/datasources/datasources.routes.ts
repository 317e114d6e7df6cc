import { datasourcesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import type { ExpensiveCalls } from '../../lib/expensive-calls.js';
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
    expensiveCalls,
  }: {
    datasources: DatasourcesService;
    inspect: InspectService;
    uploads: UploadService;
    arcgis: ArcgisSignInService;
    /** Inspections and uploads in flight per user, per account and in all (429 beyond). */
    expensiveCalls: ExpensiveCalls;
  },
) {
  route(
    datasourcesApi.list,
    async (request) => pagedOf(request, await datasources.list(userOf(request), request.query)),
    { lean: true },
  );
  route(datasourcesApi.create, async (request) => datasources.create(userOf(request), request.body));
  // Refused before any work (for an upload: before its file is read); the account is charged
  // once the call names it.
  route(datasourcesApi.inspect, async (request) => {
    const caller = userOf(request);
    return expensiveCalls.run({ user: caller.id }, (slot) => inspect.inspect(caller, request.body, slot));
  });
  route(datasourcesApi.upload, async (request) => {
    const caller = userOf(request);
    return expensiveCalls.run({ user: caller.id }, (slot) => uploads.upload(caller, request, slot));
  });
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
