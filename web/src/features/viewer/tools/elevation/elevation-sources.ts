import { datasourceTypeById, elevationDatasourceTypeKeys } from '@geows/contract';
import { useQuery } from '@tanstack/react-query';
import { workspaceDatasourcesQueryOptions } from '../../../datasources';

const elevationKeys: readonly string[] = elevationDatasourceTypeKeys;

export type ElevationSource = { id: number; name: string; typeName: string };

/**
 * The data sources a profile may name: those of `GET /api/datasources?workspace=` (the
 * account's for its admin, the workspace's for an editor) that give heights.
 */
export function useElevationSources(workspace: number) {
  return useQuery({
    ...workspaceDatasourcesQueryOptions(workspace, ''),
    select: (page): ElevationSource[] =>
      page.results.flatMap((source) => {
        const type = datasourceTypeById(source.type);
        return type && elevationKeys.includes(type.key)
          ? [{ id: source.id, name: source.name, typeName: type.name }]
          : [];
      }),
  });
}
