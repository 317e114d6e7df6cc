import { describe, expect, it } from 'vitest';
import { crsList } from './crs-list.js';

describe('crsList', () => {
  it('keeps a list within the cap whole, without duplicates', () => {
    expect(crsList(['EPSG:28992', 'EPSG:4326', 'EPSG:28992', ''], 3)).toEqual({
      crs: ['EPSG:28992', 'EPSG:4326'],
    });
  });

  it('cuts a longer one, keeping the well-known CRS in their place and saying how many there were', () => {
    const names = ['EPSG:2000', 'epsg:3857', 'EPSG:2001', 'EPSG:2002', 'EPSG:2003', 'CRS:84', 'EPSG:4326'];
    expect(crsList(names, 4)).toEqual({
      crs: ['EPSG:2000', 'epsg:3857', 'CRS:84', 'EPSG:4326'],
      crsCount: 7,
      crsTruncated: true,
    });
  });
});
