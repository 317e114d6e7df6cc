import { datasourcesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** `GET /api/datasources/{id}`: one data source with its config; `secrets` names the stored secrets. */
export const getDatasource = (id: number, signal?: AbortSignal) =>
  callApi(datasourcesApi.get, { params: { id }, signal });

export const datasourceQueryOptions = (id: number) =>
  queryOptions({ queryKey: datasourceKeys.detail(id), queryFn: ({ signal }) => getDatasource(id, signal) });

export const useDatasource = (id: number | undefined) =>
  useQuery({ ...datasourceQueryOptions(id ?? 0), enabled: id !== undefined, staleTime: 0 });
