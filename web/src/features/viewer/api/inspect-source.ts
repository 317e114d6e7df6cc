import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/**
 * The sub-layers a stored source's service offers: its config (`GET /api/datasources/{id}`),
 * then `POST /api/datasources/inspect` with it (the server adds the stored secrets).
 */
export async function inspectSource(datasource: number, signal?: AbortSignal) {
  const source = await callApi(datasourcesApi.get, { params: { id: datasource }, signal });
  return callApi(datasourcesApi.inspect, {
    body: { type: source.type, config: source.config, datasource },
    signal,
  });
}

export const inspectSourceQueryOptions = (datasource: number) =>
  queryOptions({
    queryKey: ['datasources', 'inspect', datasource] as const,
    queryFn: ({ signal }) => inspectSource(datasource, signal),
    retry: false,
    staleTime: 60_000,
  });
