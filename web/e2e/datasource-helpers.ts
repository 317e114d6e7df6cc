import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiSession, apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { createActiveUser } from './identity';

/** A data source made through the API, to have something to list, search, sort and delete. */
export async function createXyzSource(session: ApiSession, account: number, name: string): Promise<number> {
  const types = await session.request.get('/api/datasourcetypes');
  const { results } = (await types.json()) as { results: { id: number; key: string }[] };
  const xyz = results.find((type) => type.key === 'xyz');
  const response = await session.request.post('/api/datasources', {
    headers: { Authorization: `Token ${session.token}` },
    data: { name, type: xyz?.id, account, config: { url: 'https://tile.example.org/{z}/{x}/{y}.png' } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A layer of `workspace` drawn from `dataSource`: the source is in use from then on. */
export async function addLayerUsing(
  session: ApiSession,
  workspace: number,
  name: string,
  dataSource: number,
) {
  const response = await session.request.post('/api/layers', {
    headers: { Authorization: `Token ${session.token}` },
    data: { workspace, name, data_source: dataSource },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * A user whose account has two XYZ sources, 'Quay walls' used by a layer of the workspace
 * 'Harbour' and 'Spare tiles' used by nothing: the delete dialog's two cases.
 */
export async function accountWithSourceInUse(
  request: APIRequestContext,
  prefix: string,
  accountName: string,
) {
  const user = await createActiveUser(request, prefix);
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName(accountName));
  const harbour = await createWorkspace(session, account, 'Harbour');
  const quayWalls = await createXyzSource(session, account.id, 'Quay walls');
  await createXyzSource(session, account.id, 'Spare tiles');
  await addLayerUsing(session, harbour.id, 'Quay walls', quayWalls);
  return { user, account, harbour, quayWalls };
}

/** A small GeoJSON file of three parks: two polygons and a point, with names and areas. */
export const cityParks = {
  name: 'city_parks.geojson',
  mimeType: 'application/geo+json',
  buffer: Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Vondelpark', hectares: 47 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [4.858, 52.355],
                [4.883, 52.355],
                [4.883, 52.362],
                [4.858, 52.355],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Westerpark', hectares: 15 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [4.87, 52.383],
                [4.879, 52.383],
                [4.879, 52.389],
                [4.87, 52.383],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Sarphatipark', hectares: 4.4 },
          geometry: { type: 'Point', coordinates: [4.896, 52.354] },
        },
      ],
    }),
  ),
};
