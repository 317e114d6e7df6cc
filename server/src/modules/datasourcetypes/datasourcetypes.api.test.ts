import { datasourceTypeDefinitions, datasourceTypePage } from '@geows/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../startup/reference-data.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectDrfPaging } from '../../test/paging.js';

describe('GET /api/datasourcetypes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every supported type without authentication', async () => {
    const res = await t.app.inject({ url: '/api/datasourcetypes' });
    expect(res.statusCode).toBe(200);
    const body = datasourceTypePage.parse(res.json());
    expect(body.count).toBe(datasourceTypeDefinitions.length);
    expect(body.results.map((type) => type.name)).toEqual([
      'WMS',
      'WMTS',
      'XYZ tiles',
      '3D Tiles',
      'GeoJSON',
      'ArcGIS MapServer',
      'ArcGIS FeatureServer',
      'Cesium terrain',
      'WCS (elevation)',
      'GeoTIFF (elevation)',
    ]);
    expect(body.results[0]).toEqual({ id: 1, key: 'wms', name: 'WMS' });
  });

  it('pages like every list, in the same order', async () => {
    const rows = await expectDrfPaging(t, {
      url: '/api/datasourcetypes',
      total: datasourceTypeDefinitions.length,
      pageSize: 3,
    });
    expect(rows[0]).toEqual({ id: 1, key: 'wms', name: 'WMS' });
  });

  it('keeps the list stable when the seed runs again at the next start', async () => {
    await seedReferenceData({ db: t.database.db, config: t.config });
    const res = await t.app.inject({ url: '/api/datasourcetypes/' });
    expect(res.json().count).toBe(datasourceTypeDefinitions.length);
  });
});
