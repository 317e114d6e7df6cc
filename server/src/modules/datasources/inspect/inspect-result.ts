/**
 * What inspecting a service's answer yields, and the shared helpers of the per-kind
 * parsers. The parsers are pure: they get the body the service sent (untrusted, up to
 * about 20 MB) and the URL it came from, and either describe it or throw
 * `NotThisTypeError` with a short sentence for the user.
 */
export type Extent = [west: number, south: number, east: number, north: number];

export type InspectResult = {
  title: string;
  /** `[west, south, east, north]` in degrees (WGS84), or null when unknown. */
  extent: Extent | null;
  layers: { name: string; title: string }[];
  details?: Record<string, unknown>;
};

/** The body is not of the kind asked for (or is that kind's error answer). */
export class NotThisTypeError extends Error {
  override name = 'NotThisTypeError';
}

/** At most this many layers are listed; `details.layerCount` then tells the total. */
export const MAX_LAYERS = 5000;

/** Longest title kept (characters). */
const MAX_TITLE = 300;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number from a number or a numeric string, else undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A trimmed, length-capped string, or undefined when blank or not a string. */
export function cleanText(value: unknown, max = MAX_TITLE): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Checks and clamps `[west, south, east, north]` to the longitude/latitude ranges.
 * Non-finite values give null; a south above the north is swapped. A west greater
 * than the east is kept (an extent across the antimeridian).
 */
export function normalizeExtent(west: unknown, south: unknown, east: unknown, north: unknown): Extent | null {
  let w = toNumber(west);
  let s = toNumber(south);
  let e = toNumber(east);
  let n = toNumber(north);
  if (w === undefined || s === undefined || e === undefined || n === undefined) return null;
  if (s > n) [s, n] = [n, s];
  w = clamp(w, -180, 180);
  e = clamp(e, -180, 180);
  s = clamp(s, -90, 90);
  n = clamp(n, -90, 90);
  return [w, s, e, n];
}

/** The smallest extent holding both (antimeridian crossings are not merged cleverly). */
export function unionExtent(a: Extent | null, b: Extent | null): Extent | null {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** The first character that is not white space, or '' for a blank text. */
export function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\ufeff') return c;
  }
  return '';
}

/** `JSON.parse` that throws `NotThisTypeError` with `message` on anything but an object. */
export function parseJsonObject(body: string, message: string): Record<string, unknown> {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (firstNonSpace(text) !== '{') throw new NotThisTypeError(message);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new NotThisTypeError(message);
  }
  if (!isRecord(value)) throw new NotThisTypeError(message);
  return value;
}

/** The URL's path segments, decoded, without empty ones. */
export function pathSegments(url: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return [];
  }
  return pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** The URL's host name, or '' when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
