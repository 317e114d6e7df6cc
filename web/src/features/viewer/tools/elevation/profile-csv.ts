import type { ProfilePoint } from '@geows/contract';

export type CsvColumn = { title: string; heights: readonly (number | null)[] };

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The profile as the API's `Accept: text/csv` answer writes it (server/src/modules/
 * elevation/csv.ts): `distance,longitude,latitude,<title>…`, one row per point, an empty
 * cell for a null height, CRLF line ends. Built here from the answer the chart shows,
 * because the browser's own profiles (terrain, 3D Tiles) are columns the server cannot
 * write, and a second request could answer other heights than those on screen.
 */
export function profileCsv(points: readonly ProfilePoint[], columns: readonly CsvColumn[]): string {
  const header = ['distance', 'longitude', 'latitude', ...columns.map((column) => column.title)].map(cell);
  const rows = points.map((point, index) =>
    [
      String(point.distance),
      String(point.longitude),
      String(point.latitude),
      ...columns.map((column) => {
        const height = column.heights[index];
        return height === null || height === undefined ? '' : String(height);
      }),
    ].join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `harbour-north-profile-2026-05-04-1412.csv`: the workspace, and when (local time), so downloads do not overwrite each other. */
export function profileFileName(workspaceName: string, at: Date): string {
  const slug =
    workspaceName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'workspace';
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${slug}-profile-${date}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}

/** Saves text as a file through the browser's download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's task: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
