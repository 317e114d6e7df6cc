import { type CreateDatasourceRequest, datasourcesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** `POST /api/datasources` `{name, type, account, config}`: 201 the data source with its config. */
export const createDatasource = (body: CreateDatasourceRequest) => callApi(datasourcesApi.create, { body });

export function useCreateDatasource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatasource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() }),
  });
}
