import { datasourcesApi } from '@geows/contract';
import { callApi } from '../../../api/client';

/** `GET /api/datasources/{id}/features`: an uploaded source's GeoJSON, read with the user's token. */
export const getDatasourceFeatures = (id: number, signal?: AbortSignal) =>
  callApi(datasourcesApi.features, { params: { id }, signal });
