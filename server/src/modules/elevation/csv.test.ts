import { profileStatsOf } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { profileCsv } from './csv.js';

describe('profileCsv', () => {
  it('writes a header with the titles (quoted when they must be), a row per point, empty cells for null', () => {
    const stats = profileStatsOf([]);
    const csv = profileCsv({
      length: 10,
      points: [
        { distance: 0, longitude: 5.1, latitude: 52.1 },
        { distance: 10, longitude: 5.2, latitude: 52.2 },
      ],
      profiles: [
        { title: 'AHN3/AHN4', color: 'red', heights: [1.5, null], stats },
        { title: 'Dune, "north"', color: 'blue', heights: [null, -2], stats },
      ],
    });
    expect(csv).toBe(
      'distance,longitude,latitude,AHN3/AHN4,"Dune, ""north"""\r\n0,5.1,52.1,1.5,\r\n10,5.2,52.2,,-2\r\n',
    );
  });
});
