import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { callApi } from '../../../api/client';

/**
 * The sub-layers a stored source's service offers: one `POST /api/datasources/inspect`
 * naming the source by id (the server reads its stored settings and secrets; the
 * browser sends nothing back it was given). Null when the caller may not use the
 * source's settings (404: an editor, the source is the account admin's): there is
 * nothing to offer, and the source's own settings apply.
 */
export async function inspectSource(source: { id: number; type: number }, signal?: AbortSignal) {
  return callApi(datasourcesApi.inspect, {
    body: { type: source.type, config: {}, datasource: source.id },
    signal,
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

export const inspectSourceQueryOptions = (source: { id: number; type: number }) =>
  queryOptions({
    queryKey: ['datasources', 'inspect', source.id] as const,
    queryFn: ({ signal }) => inspectSource(source, signal),
    retry: false,
    staleTime: 60_000,
  });
