import { workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/workspaces/{id}`: one workspace with the caller's `rights`; 404 outside their reach. */
export const getWorkspace = (id: number, signal?: AbortSignal) =>
  callApi(workspacesApi.get, { params: { id }, signal });

export const workspaceDetailKey = (id: number) => ['workspaces', 'detail', id] as const;

export const workspaceQueryOptions = (id: number) =>
  queryOptions({ queryKey: workspaceDetailKey(id), queryFn: ({ signal }) => getWorkspace(id, signal) });

export const useWorkspace = (id: number | undefined) =>
  useQuery({ ...workspaceQueryOptions(id ?? 0), enabled: id !== undefined });
