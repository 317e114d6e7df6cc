import type { DatasourceType } from '@geows/contract';
import type { DatasourceTypeRow } from './datasourcetypes.repository.js';

export const presentDatasourceType = ({ id, key, name }: DatasourceTypeRow): DatasourceType => ({
  id,
  key,
  name,
});
