import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { callApi } from '../../../api/client';

/**
 * The sub-layers a stored source's service offers: its config (`GET /api/datasources/{id}`),
 * then `POST /api/datasources/inspect` with it (the server adds the stored secrets).
 * Null when the caller may not read the config (404: an editor, the source is the
 * account admin's): there is nothing to offer, and the source's own settings apply.
 */
export async function inspectSource(datasource: number, signal?: AbortSignal) {
  const source = await callApi(datasourcesApi.get, { params: { id: datasource }, signal }).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );
  if (!source) return null;
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
