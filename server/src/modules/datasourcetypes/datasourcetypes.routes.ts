import { datasourceTypesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf, pageFromList } from '../../lib/pagination.js';
import type { DatasourceTypesService } from './datasourcetypes.service.js';

export function datasourceTypesRoutes(
  route: RegisterEndpoint,
  { datasourceTypes }: { datasourceTypes: DatasourceTypesService },
) {
  route(
    datasourceTypesApi.list,
    async (request) => pagedOf(request, pageFromList(request.query, await datasourceTypes.list())),
    { lean: true },
  );
}
