import type { Datasource, DatasourceDetail } from '@geows/contract';
import type { DatasourceListRow, DatasourceRow, DatasourceUsage } from './datasources.repository.js';

/** A list row; a type an operator removed shows as type 0, which no type has ('Unknown'). */
export const presentDatasource = (row: DatasourceListRow): Datasource => ({
  id: row.id,
  name: row.name,
  type: row.typeId ?? 0,
  account: row.accountId,
  date_modified: row.updatedAt.toISOString(),
  workspaces: row.usage,
});

/** One data source; `config` never holds a secret (they are sealed apart), `secrets` names them. */
export const presentDatasourceDetail = (
  row: DatasourceRow,
  usage: DatasourceUsage,
  secretNames: string[],
  arcgis: { username: string; expires: number } | null,
): DatasourceDetail => ({
  ...presentDatasource({ ...row, usage }),
  config: row.config,
  secrets: secretNames,
  arcgis: arcgis && { username: arcgis.username, expires: new Date(arcgis.expires).toISOString() },
});
