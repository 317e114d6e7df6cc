import { workspacesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/workspaces/{id}` (with `?token=` a share link's token, without login): name, camera, rights, version. */
export const getViewerWorkspace = (id: number, token: string | undefined, signal?: AbortSignal) =>
  callApi(workspacesApi.get, { params: { id }, query: token ? { token } : {}, signal });

export const viewerWorkspaceKey = (id: number, token: string | undefined) =>
  ['workspaces', 'detail', id, ...(token ? [{ token }] : [])] as const;

export const viewerWorkspaceQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({
    queryKey: viewerWorkspaceKey(id, token),
    queryFn: ({ signal }) => getViewerWorkspace(id, token, signal),
    staleTime: 0,
  });
