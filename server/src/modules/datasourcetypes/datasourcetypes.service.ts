import type { DatasourceType } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { presentDatasourceType } from './datasourcetypes.presenter.js';
import { listDatasourceTypes } from './datasourcetypes.repository.js';

/**
 * The types are the contract's, mirrored into the table when the server starts (startup/reference-data.ts);
 * no request changes them, so they are read once per process.
 */
export function createDatasourceTypesService({ db }: Pick<AppContext, 'db'>) {
  let types: Promise<DatasourceType[]> | undefined;
  return {
    list(): Promise<DatasourceType[]> {
      types ??= listDatasourceTypes(db).then(
        (rows) => rows.map(presentDatasourceType),
        (error: unknown) => {
          types = undefined;
          throw error;
        },
      );
      return types;
    },
  };
}
export type DatasourceTypesService = ReturnType<typeof createDatasourceTypesService>;
