/*
 * The data sources are the datasources feature's data: its one fetcher and key factory
 * live there. This name remains for the files that still import it from here.
 */

/** @deprecated `workspaceDatasourcesQueryOptions` of the datasources feature. */
export { workspaceDatasourcesQueryOptions } from '../../datasources';
