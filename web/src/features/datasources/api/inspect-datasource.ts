import { datasourcesApi, type InspectRequest } from '@geows/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/**
 * `POST /api/datasources/inspect` `{type, config, datasource?}`: what the service at the
 * URL offers (title, extent, sub-layers); 400 `{"url": [...]}` says why it could not be read.
 */
export const inspectDatasource = (body: InspectRequest, signal?: AbortSignal) =>
  callApi(datasourcesApi.inspect, { body, signal });

export const useInspectDatasource = () =>
  useMutation({ mutationFn: (body: InspectRequest) => inspectDatasource(body) });

/**
 * The sub-layers a stored source's service offers, naming the source by id (the server
 * reads its stored settings and secrets; the browser sends nothing back it was given).
 * Null when the caller may not use the source's settings (404: an editor, the source is
 * the account admin's): there is nothing to offer, and the source's own settings apply.
 */
export const inspectStoredSource = (source: { id: number; type: number }, signal?: AbortSignal) =>
  inspectDatasource({ type: source.type, config: {}, datasource: source.id }, signal).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );

export const inspectStoredSourceQueryOptions = (source: { id: number; type: number }) =>
  queryOptions({
    queryKey: datasourceKeys.inspect(source.id),
    queryFn: ({ signal }) => inspectStoredSource(source, signal),
    retry: false,
    staleTime: 60_000,
  });
