import { workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/**
 * `GET /api/workspaces/{id}` (with `?token=` a share link's token, without login): one
 * workspace with the caller's `rights`, its camera and `version`; 404 outside their reach.
 */
export const getWorkspace = (id: number, token?: string | undefined, signal?: AbortSignal) =>
  callApi(workspacesApi.get, { params: { id }, query: token ? { token } : {}, signal });

export const workspaceQueryOptions = (id: number, token?: string | undefined) =>
  queryOptions({
    queryKey: workspaceKeys.detail(id, token),
    queryFn: ({ signal }) => getWorkspace(id, token, signal),
  });

export const useWorkspace = (id: number | undefined) =>
  useQuery({ ...workspaceQueryOptions(id ?? 0), enabled: id !== undefined });
