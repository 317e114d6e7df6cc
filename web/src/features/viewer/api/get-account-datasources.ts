import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/**
 * `GET /api/datasources?workspace=&search=`: the sources the caller may add as layers to
 * the workspace, by name — all of its account's for the admin, those already in the
 * workspace for an editor (the server decides; the account's others are the admin's).
 */
export const getWorkspaceDatasources = (workspace: number, search: string, signal?: AbortSignal) =>
  callApi(datasourcesApi.list, {
    query: { workspace, search: search.trim() || undefined, ordering: 'name', page_size: 100 },
    signal,
  });

/** The first 100 matches and how many there are in all (the picker asks to narrow the search beyond). */
export const workspaceDatasourcesQueryOptions = (workspace: number, search: string) =>
  queryOptions({
    queryKey: ['datasources', 'list', 'picker', { workspace }, search.trim()] as const,
    queryFn: ({ signal }) => getWorkspaceDatasources(workspace, search, signal),
    select: (page) => ({ sources: page.results, total: page.count }),
    // An editor's choice follows the workspace's layers, which change meanwhile: read it at each opening.
    staleTime: 0,
  });
