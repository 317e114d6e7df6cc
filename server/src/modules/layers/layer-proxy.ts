import { validationFailed } from '../../lib/errors.js';

/** What the proxy asks the upstream service for. */
export type UpstreamRequest = { url: string; headers: Record<string, string> };

const lastSegment = (pathname: string) => pathname.slice(pathname.lastIndexOf('/') + 1);

/**
 * The address the browser uses for a proxied source: this server's proxy, then the
 * source's last path segment, so that addresses the browser derives from it (an ArcGIS
 * `tile/z/y/x`, a tileset's relative content) map back under the source's address.
 */
export function proxiedUrl(layer: number, capability: string, sourceUrl: string): string {
  let segment = '';
  try {
    segment = lastSegment(new URL(sourceUrl).pathname);
  } catch {
    // A source without a valid address: the proxy will refuse whatever is asked.
  }
  return `/api/layers/${layer}/proxy/${capability}/${segment}`;
}

/**
 * The upstream address for `rest` (what follows the capability) and the browser's query:
 * under the source's own address only — the source's last segment and below it, or for
 * 3D Tiles anything in its folder (a tileset names its content relative to itself) — with
 * the source's query parameters, the browser's, and the credentials last, so nothing the
 * browser sends can replace them.
 */
export function upstreamRequest(
  sourceUrl: string,
  rest: string,
  query: string,
  credentials: { wholeFolder?: boolean; basic?: { username: string; password: string }; token?: string },
): UpstreamRequest {
  const refuse = () => validationFailed({ detail: ['This address is outside the layer’s data source.'] });
  let source: URL;
  try {
    source = new URL(sourceUrl);
  } catch {
    throw refuse();
  }
  const segments = rest.split('/');
  // Decoded once by the router: anything that could climb out of the folder is refused.
  if (segments.some((part) => part === '..' || part === '.' || /[\\%]/.test(part) || part.includes('\0')))
    throw refuse();
  const own = lastSegment(source.pathname);
  const inside = credentials.wholeFolder || rest === own || (own !== '' && rest.startsWith(`${own}/`));
  if (!inside) throw refuse();
  const folder = source.pathname.slice(0, source.pathname.lastIndexOf('/') + 1);
  const target = new URL(source.origin);
  target.pathname = `${folder}${rest}`;
  if (!target.pathname.startsWith(folder)) throw refuse();
  for (const [key, value] of source.searchParams) target.searchParams.append(key, value);
  for (const [key, value] of new URLSearchParams(query)) {
    if (key.toLowerCase() !== 'token') target.searchParams.append(key, value);
  }
  if (credentials.token) target.searchParams.set('token', credentials.token);
  const headers: Record<string, string> = {};
  if (credentials.basic) {
    const pair = `${credentials.basic.username}:${credentials.basic.password}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  return { url: target.toString(), headers };
}
