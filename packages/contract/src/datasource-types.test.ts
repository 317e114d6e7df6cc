import { describe, expect, it } from 'vitest';
import { datasourceTypeByKey, datasourceTypeDefinitions, wmsConfig, xyzConfig } from './datasource-types.js';

describe('data source types', () => {
  it('have unique ids, keys and names', () => {
    for (const field of ['id', 'key', 'name'] as const) {
      const values = datasourceTypeDefinitions.map((type) => type[field]);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('cover the kinds the product supports', () => {
    expect(datasourceTypeDefinitions.map((type) => type.key)).toEqual(
      expect.arrayContaining([
        'wms',
        'wmts',
        'xyz',
        '3dtiles',
        'geojson',
        'arcgis-mapserver',
        'arcgis-featureserver',
        'cesium-terrain',
      ]),
    );
  });

  it('validate a configuration and fill its defaults', () => {
    const config = wmsConfig.parse({ url: 'https://service.example.org/wms', layers: 'roads' });
    expect(config).toMatchObject({
      version: '1.3.0',
      format: 'image/png',
      transparent: true,
      parameters: {},
    });
  });

  it('reject configurations a map could not use', () => {
    expect(wmsConfig.safeParse({ url: 'file:///etc/passwd', layers: 'x' }).success).toBe(false);
    expect(wmsConfig.safeParse({ url: 'https://service.example.org/wms', layers: '' }).success).toBe(false);
    const xyz = xyzConfig.safeParse({ url: 'https://tiles.example.org/tile.png' });
    expect(xyz.success).toBe(false);
    expect(xyz.error?.issues[0]?.message).toBe('The URL must contain {z}, {x} and {y}');
  });

  it('name the secrets that must never be sent back in full', () => {
    expect(datasourceTypeByKey('wms')?.secrets).toEqual(['password']);
    expect(datasourceTypeByKey('arcgis-mapserver')?.secrets).toEqual(['token']);
  });
});
