import { type WorkspaceEditor, workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `GET /api/workspaces/{id}/editors`: the users with edit rights (admin and editors may read), every page. */
export function getEditors(id: number, signal?: AbortSignal): Promise<WorkspaceEditor[]> {
  return allPages((paging) => callApi(workspacesApi.editors, { params: { id }, query: paging, signal }));
}

export const editorsQueryOptions = (id: number) =>
  queryOptions({ queryKey: workspaceKeys.editors(id), queryFn: ({ signal }) => getEditors(id, signal) });

export const useEditors = (id: number) => useQuery(editorsQueryOptions(id));
