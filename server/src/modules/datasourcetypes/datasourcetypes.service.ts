import type { DatasourceType } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { listDatasourceTypes } from './datasourcetypes.repository.js';

export function createDatasourceTypesService({ db }: Pick<AppContext, 'db'>) {
  return {
    async list(): Promise<DatasourceType[]> {
      return (await listDatasourceTypes(db)).map(({ id, key, name }) => ({ id, key, name }));
    },
  };
}
export type DatasourceTypesService = ReturnType<typeof createDatasourceTypesService>;
