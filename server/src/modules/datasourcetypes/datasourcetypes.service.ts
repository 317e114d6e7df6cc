import type { DatasourceType } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { presentDatasourceType } from './datasourcetypes.presenter.js';
import { listDatasourceTypes } from './datasourcetypes.repository.js';

export function createDatasourceTypesService({ db }: Pick<AppContext, 'db'>) {
  return {
    async list(): Promise<DatasourceType[]> {
      return (await listDatasourceTypes(db)).map(presentDatasourceType);
    },
  };
}
export type DatasourceTypesService = ReturnType<typeof createDatasourceTypesService>;
