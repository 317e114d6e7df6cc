import { layersApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { layerKeys } from './layer-keys';

/**
 * `GET /api/layers?workspace=` (or `?token=` for a share link): the workspace's layer tree,
 * top level in order, every page of it.
 */
export const getLayers = (workspace: number, token: string | undefined, signal?: AbortSignal) =>
  allPages((paging) =>
    callApi(layersApi.list, { query: token ? { token, ...paging } : { workspace, ...paging }, signal }),
  );

export const layersQueryOptions = (workspace: number, token: string | undefined) =>
  queryOptions({
    queryKey: layerKeys.tree(workspace, token),
    queryFn: ({ signal }) => getLayers(workspace, token, signal),
    staleTime: 0,
  });
