import { type DatasourceOrdering, datasourcesApi, limits } from '@geows/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** One page of the data sources table: the active account, a name search, an ordering, a 0-based page. */
export type DatasourceListParams = {
  account: number;
  search: string;
  ordering: DatasourceOrdering;
  /** 0-based, as MUI's TablePagination counts; the API's `page` is 1-based. */
  page: number;
};

/** `GET /api/datasources?account=&search=&ordering=&page=&page_size=25`: the list envelope. */
export const getDatasources = (
  { account, search, ordering, page }: DatasourceListParams,
  signal?: AbortSignal,
) =>
  callApi(datasourcesApi.list, {
    query: {
      account,
      search: search.trim() || undefined,
      ordering,
      page: page + 1,
      page_size: limits.dataSourcesPageSize,
    },
    signal,
  });

/** Every list of the feature starts with this key, so one invalidation reloads them all. */
export const datasourceListsKey = ['datasources', 'list'] as const;

export const datasourcesQueryOptions = (params: DatasourceListParams) =>
  queryOptions({
    queryKey: [...datasourceListsKey, params] as const,
    queryFn: ({ signal }) => getDatasources(params, signal),
  });

/** The table's page; the previous page stays on screen while the next one loads. */
export const useDatasources = (params: DatasourceListParams | undefined) =>
  useQuery({
    ...datasourcesQueryOptions(params ?? { account: 0, search: '', ordering: '-date_modified', page: 0 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
