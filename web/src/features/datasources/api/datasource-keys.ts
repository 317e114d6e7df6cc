import type { DatasourceListParams } from './get-datasources';

/**
 * The query keys of the data source endpoints, in one place. Every list (the table's
 * pages and the add-layer picker's) starts with `lists()`: one invalidation after a
 * create, an edit or a delete reloads them all.
 */
export const datasourceKeys = {
  all: ['datasources'] as const,
  lists: () => [...datasourceKeys.all, 'list'] as const,
  /** `GET /api/datasources?account=…`: a page of the table. */
  list: (params: DatasourceListParams) => [...datasourceKeys.lists(), params] as const,
  /** `GET /api/datasources?workspace=&search=`: what may be added as a layer to the workspace. */
  picker: (workspace: number, search: string) =>
    [...datasourceKeys.lists(), 'picker', { workspace }, search.trim()] as const,
  /** `GET /api/datasources/{id}`. */
  detail: (id: number) => [...datasourceKeys.all, 'detail', id] as const,
  /** `POST /api/datasources/inspect` of a stored source, by id. */
  inspect: (id: number) => [...datasourceKeys.all, 'inspect', id] as const,
  /** `GET /api/datasourcetypes`. */
  types: () => ['datasourceTypes'] as const,
};
