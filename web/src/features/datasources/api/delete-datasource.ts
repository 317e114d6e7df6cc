import { datasourcesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { datasourceKeys } from './datasource-keys';

/** `DELETE /api/datasources/{id}`: 204; 400 `{detail}` naming the workspaces while their layers use it. */
export const deleteDatasource = (id: number) => callApi(datasourcesApi.remove, { params: { id } });

/** Deletes one data source, then reloads the table (docs/product.md, "States and transitions"). */
export function useDeleteDatasource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDatasource,
    onSettled: (_, __, id) => {
      queryClient.removeQueries({ queryKey: datasourceKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() });
    },
  });
}

/**
 * Deletes the selected data sources, all at once (docs/product.md, "States and
 * transitions"), then reloads the table whatever the outcome; answers each delete's result.
 */
export function useDeleteDatasources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => Promise.allSettled(ids.map((id) => deleteDatasource(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() }),
  });
}
