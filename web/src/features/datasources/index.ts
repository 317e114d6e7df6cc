export { datasourceKeys } from './api/datasource-keys';
export { workspaceDatasourcesQueryOptions } from './api/get-datasources';
export { inspectStoredSourceQueryOptions } from './api/inspect-datasource';
