import { datasourcesApi, type UpdateDatasourceRequest } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** `PATCH /api/datasources/{id}` `{name?, config?}`: a secret the config leaves out is kept. */
export const updateDatasource = (id: number, body: UpdateDatasourceRequest) =>
  callApi(datasourcesApi.update, { params: { id }, body });

export function useUpdateDatasource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDatasourceRequest }) => updateDatasource(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(datasourceKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() });
    },
  });
}
