import { datasourcesApi, type InspectRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/**
 * `POST /api/datasources/inspect` `{type, config, datasource?}`: what the service at the
 * URL offers (title, extent, sub-layers); 400 `{"url": [...]}` says why it could not be read.
 */
export const inspectDatasource = (body: InspectRequest) => callApi(datasourcesApi.inspect, { body });

export const useInspectDatasource = () => useMutation({ mutationFn: inspectDatasource });
