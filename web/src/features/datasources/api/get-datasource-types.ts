import { type DatasourceType, datasourceTypesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** `GET /api/datasourcetypes` (no login needed): the kinds of data source, `{id, key, name}`. */
export async function getDatasourceTypes(signal?: AbortSignal): Promise<DatasourceType[]> {
  const page = await callApi(datasourceTypesApi.list, { signal });
  return page.results;
}

export const datasourceTypesQueryOptions = () =>
  queryOptions({
    queryKey: datasourceKeys.types(),
    queryFn: ({ signal }) => getDatasourceTypes(signal),
    // The types change with a release, not during a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDatasourceTypes = () => useQuery(datasourceTypesQueryOptions());
