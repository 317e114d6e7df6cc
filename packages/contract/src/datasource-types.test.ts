import { describe, expect, it } from 'vitest';
import {
  datasourceTypeByKey,
  datasourceTypeDefinitions,
  elevationDatasourceTypeKeys,
  geotiffConfig,
  wcsConfig,
  wmsConfig,
  xyzConfig,
} from './datasource-types.js';

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
        'wcs',
        'geotiff',
      ]),
    );
  });

  it('keep the ids they were given: a data source holds its type by id', () => {
    expect(datasourceTypeDefinitions.map((type) => [type.id, type.key])).toEqual([
      [1, 'wms'],
      [2, 'wmts'],
      [3, 'xyz'],
      [4, '3dtiles'],
      [5, 'geojson'],
      [6, 'arcgis-mapserver'],
      [7, 'arcgis-featureserver'],
      [8, 'cesium-terrain'],
      [9, 'wcs'],
      [10, 'geotiff'],
    ]);
  });

  it('know which kinds give heights for an elevation profile', () => {
    expect(elevationDatasourceTypeKeys).toEqual(['wcs', 'geotiff', 'cesium-terrain']);
    for (const key of elevationDatasourceTypeKeys) expect(datasourceTypeByKey(key), key).toBeDefined();
  });

  it('take a WCS with its coverage, and a GeoTIFF by its address', () => {
    expect(wcsConfig.parse({ url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0', coverage: 'dtm_05m' })).toEqual(
      {
        url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0',
        coverage: 'dtm_05m',
      },
    );
    expect(wcsConfig.safeParse({ url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['coverage'], message: 'This field is required' }),
    ]);
    expect(geotiffConfig.parse({ url: 'https://data.example.org/dem.tif' })).toEqual({
      url: 'https://data.example.org/dem.tif',
    });
    expect(datasourceTypeByKey('wcs')?.secrets).toEqual([]);
    expect(datasourceTypeByKey('geotiff')?.secrets).toEqual([]);
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

describe('data source URLs', () => {
  // What `new URL()` cannot read must be a field error in the form, never a server error later.
  it.each([
    'http://127.0.0.1:8642:8643/',
    'http://[::1',
    'http://[::1]:99999/',
    'http://[fe80::1%25lo]/',
    'http://[fe80::1%lo]/',
    'http://',
    'http://:80',
    'http://a b/',
    'http:// example.org/',
    'http://exa mple.org/{z}/{x}/{y}.png',
    'http://ex%00ample.org/',
    'http://[1.2.3.4]/',
    'https://example.org:port/',
    '//example.org/',
    'example.org',
    '',
  ])('refuse %j in every type', (url) => {
    for (const type of datasourceTypeDefinitions) {
      const result = type.config.safeParse({ url, layers: 'x', layer: 'x', tileMatrixSetID: 'x' });
      expect(result.success, type.key).toBe(false);
      expect(
        result.error?.issues.some((issue) => issue.path.join('.') === 'url'),
        type.key,
      ).toBe(true);
    }
  });

  it.each([
    'https://bücher.example/wms',
    `https://${'a'.repeat(63)}.example/${'p'.repeat(1900)}`,
    'https://[2001:db8::1]:8443/wms',
  ])('take %s, which is odd but a URL', (url) => {
    expect(wmsConfig.safeParse({ url, layers: 'x' }).success).toBe(true);
  });
});
