import { layersApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/layers?workspace=` (or `?token=` for a share link): the workspace's layer tree, top level in order. */
export const getLayers = (workspace: number, token: string | undefined, signal?: AbortSignal) =>
  callApi(layersApi.list, {
    query: token ? { token, page_size: 1000 } : { workspace, page_size: 1000 },
    signal,
  });

export const layersQueryOptions = (workspace: number, token: string | undefined) =>
  queryOptions({
    queryKey: ['layers', 'tree', workspace, ...(token ? [{ token }] : [])] as const,
    queryFn: ({ signal }) => getLayers(workspace, token, signal),
    select: (page) => page.results,
    staleTime: 0,
  });
