import { datasourceTypesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pageOf } from '../../lib/pagination.js';
import type { DatasourceTypesService } from './datasourcetypes.service.js';

export function datasourceTypesRoutes(
  route: RegisterEndpoint,
  { datasourceTypes }: { datasourceTypes: DatasourceTypesService },
) {
  route(datasourceTypesApi.list, async () => pageOf(await datasourceTypes.list()));
}
