import { paths, pathTo, type ShareLink } from '@geows/contract';

/** The page a share link opens: the workspace read-only, without logging in. */
export const shareUrl = (origin: string, workspaceId: number, token: string) =>
  `${origin}${pathTo(paths.publicWorkspace, { id: workspaceId, token })}`;

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML that puts the shared workspace in another page. */
export const embedCode = (url: string, title: string) =>
  `<iframe src="${attribute(url)}" width="100%" height="480" style="border:0" title="${attribute(title)}" loading="lazy"></iframe>`;

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * The last second of a day picked in a date input (`YYYY-MM-DD`), in the user's time
 * zone, as ISO 8601 with that zone's offset (e.g. `2027-01-31T23:59:59+01:00`).
 */
export function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const end = new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 23, 59, 59);
  const offset = -end.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${day}T23:59:59${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Today as `YYYY-MM-DD` in the user's time zone: the earliest expiry a date input offers. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const isExpired = (link: ShareLink, now = Date.now()) =>
  link.expires !== null && Date.parse(link.expires) <= now;

/** A date as people of `language` read it, e.g. "14 Mar 2025". */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A moment as people of `language` read it, e.g. "14 Mar 2025, 09:30". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
