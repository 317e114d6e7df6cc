import type { DatasourceTypeKey } from '@geows/contract';
import { validationFailed } from '../../../lib/errors.js';

export type InspectTypeKey = DatasourceTypeKey;

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * Sets query parameters on `url`, matching existing keys case-insensitively (the
 * user's spelling of the key is kept, duplicates are dropped) and leaving every
 * other parameter exactly as the user wrote it.
 */
export function withQueryParams(url: URL, params: Record<string, string>): URL {
  const wanted = new Map(Object.entries(params).map(([k, v]) => [k.toLowerCase(), { key: k, value: v }]));
  const placed = new Set<string>();
  const pieces: string[] = [];
  for (const piece of url.search.slice(1).split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawKey = eq < 0 ? piece : piece.slice(0, eq);
    const key = decodeKey(rawKey).toLowerCase();
    const param = wanted.get(key);
    if (!param) {
      pieces.push(piece);
    } else if (!placed.has(key)) {
      placed.add(key);
      pieces.push(`${rawKey}=${encodeURIComponent(param.value)}`);
    }
  }
  for (const [key, { key: name, value }] of wanted) {
    if (!placed.has(key)) pieces.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const out = new URL(url.href);
  out.search = pieces.length > 0 ? `?${pieces.join('&')}` : '';
  return out;
}

/** The text of the data source forms (packages/contract, datasource-types.ts), for the same fault. */
const invalidUrl = 'Enter a valid http(s) URL';

/**
 * `url` read as an http(s) URL, or a 400 on `url` like every other inspect failure.
 * Starting with http:// is not enough: `new URL()` throws on a second port, an unclosed
 * `[`, an IPv6 zone id (`[fe80::1%25lo]`), and that TypeError would be a 500.
 */
export function parseInspectUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw validationFailed({ url: [invalidUrl] });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw validationFailed({ url: [invalidUrl] });
  return parsed;
}

/**
 * The URL to request to inspect a data source of type `typeKey` whose configured URL
 * is `url`: the capabilities or description document the protocol offers, with the
 * user's other query parameters kept. `null` when there is nothing to fetch (XYZ
 * tiles have no capabilities). Throws a 400 on `url` when `url` is not an http(s) URL
 * (`parseInspectUrl`).
 */
export function inspectRequestUrl(typeKey: InspectTypeKey, url: string): string | null {
  if (typeKey === 'xyz' || typeKey === 'geotiff') return null;
  const u = parseInspectUrl(url);
  u.hash = '';
  switch (typeKey) {
    case 'wms':
      return withQueryParams(u, { SERVICE: 'WMS', REQUEST: 'GetCapabilities' }).href;
    case 'wcs':
      return withQueryParams(u, { SERVICE: 'WCS', VERSION: '2.0.1', REQUEST: 'GetCapabilities' }).href;
    case 'wmts':
      if (u.pathname.toLowerCase().endsWith('wmtscapabilities.xml')) return u.href;
      return withQueryParams(u, { SERVICE: 'WMTS', REQUEST: 'GetCapabilities' }).href;
    case 'arcgis-mapserver':
    case 'arcgis-featureserver':
      return withQueryParams(u, { f: 'json' }).href;
    case 'cesium-terrain':
      if (!u.pathname.toLowerCase().endsWith('/layer.json')) {
        u.pathname = u.pathname.endsWith('/') ? `${u.pathname}layer.json` : `${u.pathname}/layer.json`;
      }
      return u.href;
    case '3dtiles':
    case 'geojson':
      return u.href;
    default: {
      const unknown: never = typeKey;
      throw new TypeError(`Unknown data source type: ${String(unknown)}`);
    }
  }
}
