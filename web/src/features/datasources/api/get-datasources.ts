import { type DatasourceOrdering, datasourcesApi, limits } from '@geows/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** One page of the data sources table: the active account, a name search, an ordering, a 0-based page. */
export type DatasourceListParams = {
  account: number;
  search: string;
  ordering: DatasourceOrdering;
  /** 0-based, as MUI's TablePagination counts; the API's `page` is 1-based. */
  page: number;
};

/** `GET /api/datasources?account=|workspace=&search=&ordering=&page=&page_size=`: the list envelope. */
export const listDatasources = (
  query: NonNullable<CallInput<typeof datasourcesApi.list>['query']>,
  signal?: AbortSignal,
) => callApi(datasourcesApi.list, { query, signal });

/** A page of the account's data sources, as the table asks for it. */
export const getDatasources = (
  { account, search, ordering, page }: DatasourceListParams,
  signal?: AbortSignal,
) =>
  listDatasources(
    {
      account,
      search: search.trim() || undefined,
      ordering,
      page: page + 1,
      page_size: limits.dataSourcesPageSize,
    },
    signal,
  );

export const datasourcesQueryOptions = (params: DatasourceListParams) =>
  queryOptions({
    queryKey: datasourceKeys.list(params),
    queryFn: ({ signal }) => getDatasources(params, signal),
  });

/** The table's page; the previous page stays on screen while the next one loads. */
export const useDatasources = (params: DatasourceListParams | undefined) =>
  useQuery({
    ...datasourcesQueryOptions(params ?? { account: 0, search: '', ordering: '-date_modified', page: 0 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });

/**
 * The sources the caller may add as layers to the workspace, by name — all of its
 * account's for the admin, those already in the workspace for an editor (the server
 * decides; the account's others are the admin's): the first 100 matches and how many
 * there are in all (the picker asks to narrow the search beyond).
 */
export const workspaceDatasourcesQueryOptions = (workspace: number, search: string) =>
  queryOptions({
    queryKey: datasourceKeys.picker(workspace, search),
    queryFn: ({ signal }) =>
      listDatasources(
        { workspace, search: search.trim() || undefined, ordering: 'name', page_size: 100 },
        signal,
      ),
    select: (page) => ({ sources: page.results, total: page.count }),
    // An editor's choice follows the workspace's layers, which change meanwhile: read it at each opening.
    staleTime: 0,
  });
