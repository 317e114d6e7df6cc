import { layersApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { layerKeys } from './layer-keys';

/**
 * `GET /api/layers/sources?workspace=` (or `?token=`): how to draw each layer the caller
 * may see, in one call (never one per data source).
 */
export const getLayerSources = (workspace: number, token: string | undefined, signal?: AbortSignal) =>
  callApi(layersApi.sources, { query: token ? { token } : { workspace }, signal });

export const layerSourcesQueryOptions = (workspace: number, token: string | undefined) =>
  queryOptions({
    queryKey: layerKeys.sources(workspace, token),
    queryFn: ({ signal }) => getLayerSources(workspace, token, signal),
    select: (answer) => answer.results,
    staleTime: 0,
  });
