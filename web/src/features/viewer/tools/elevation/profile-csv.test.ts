import { describe, expect, it } from 'vitest';
import { profileCsv, profileFileName } from './profile-csv';

describe('the profile as CSV', () => {
  it('writes what the API writes: the header, a row per point, empty cells for no height, CRLF', () => {
    const points = [
      { distance: 0, longitude: 5.1, latitude: 52.1 },
      { distance: 12.5, longitude: 5.2, latitude: 52.2 },
    ];
    const csv = profileCsv(points, [
      { title: 'AHN3/AHN4', heights: [1.25, null] },
      { title: 'Survey "2024", dunes', heights: [-0.5, 3] },
    ]);
    expect(csv).toBe(
      'distance,longitude,latitude,AHN3/AHN4,"Survey ""2024"", dunes"\r\n' +
        '0,5.1,52.1,1.25,-0.5\r\n' +
        '12.5,5.2,52.2,,3\r\n',
    );
  });

  it('names the file after the workspace and the local time', () => {
    const at = new Date(2026, 4, 4, 9, 7);
    expect(profileFileName('Harbour North', at)).toBe('harbour-north-profile-2026-05-04-0907.csv');
    expect(profileFileName('Dijken & Duinen — Zeeland', at)).toBe(
      'dijken-duinen-zeeland-profile-2026-05-04-0907.csv',
    );
    expect(profileFileName('???', at)).toBe('workspace-profile-2026-05-04-0907.csv');
  });
});
