import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/datasources/{id}`: a layer's source, for its type and config (not reachable with a share token). */
export const getDatasource = (id: number, signal?: AbortSignal) =>
  callApi(datasourcesApi.get, { params: { id }, signal });

export const viewerDatasourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['datasources', 'detail', id] as const,
    queryFn: ({ signal }) => getDatasource(id, signal),
    retry: false,
  });
