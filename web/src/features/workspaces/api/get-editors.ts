import { type WorkspaceEditor, workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/workspaces/{id}/editors`: the users with edit rights (admin and editors may read). */
export async function getEditors(id: number, signal?: AbortSignal): Promise<WorkspaceEditor[]> {
  const page = await callApi(workspacesApi.editors, { params: { id }, signal });
  return page.results;
}

export const editorsKey = (id: number) => ['workspaces', 'editors', id] as const;

export const editorsQueryOptions = (id: number) =>
  queryOptions({ queryKey: editorsKey(id), queryFn: ({ signal }) => getEditors(id, signal) });

export const useEditors = (id: number) => useQuery(editorsQueryOptions(id));
