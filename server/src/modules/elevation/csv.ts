import type { ProfileResponse } from '@geows/contract';

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A profile as CSV: `distance,longitude,latitude,<title>…`, one row per point, an empty
 * cell for a null height. Lines end in CRLF (RFC 4180).
 */
export function profileCsv(profile: ProfileResponse): string {
  const header = ['distance', 'longitude', 'latitude', ...profile.profiles.map((p) => p.title)].map(cell);
  const rows = profile.points.map((point, index) =>
    [
      String(point.distance),
      String(point.longitude),
      String(point.latitude),
      ...profile.profiles.map((p) => {
        const height = p.heights[index];
        return height === null || height === undefined ? '' : String(height);
      }),
    ].join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
