import { validationFailed } from '../../lib/errors.js';

/** What the proxy asks the upstream service for. */
export type UpstreamRequest = { url: string; headers: Record<string, string> };

const lastSegment = (pathname: string) => pathname.slice(pathname.lastIndexOf('/') + 1);

/**
 * A tile template (`https://t.example/tiles/{z}/{x}/{y}.png`, a RESTful WMTS address):
 * its fixed folder (`https://t.example/tiles/`) and the templated rest of its path
 * (`{z}/{x}/{y}.png`), read from the text (a URL parser would encode the braces). A
 * `{s}` subdomain is the first of `subdomains` (the proxy asks one host).
 */
export function splitTemplate(
  template: string,
  subdomains: readonly string[] = [],
): { folder: string; rest: string } | undefined {
  const [address = ''] = template.split('?');
  const scheme = address.indexOf('://');
  const pathStart = scheme < 0 ? -1 : address.indexOf('/', scheme + 3);
  const brace = pathStart < 0 ? -1 : address.indexOf('{', pathStart);
  if (brace < 0) return undefined;
  const slash = address.lastIndexOf('/', brace);
  const folder = address.slice(0, slash + 1).replaceAll('{s}', subdomains[0] ?? 'a');
  return { folder, rest: address.slice(slash + 1) };
}

/**
 * The address the browser uses for a proxied source: this server's proxy, then the
 * source's last path segment, so that addresses the browser derives from it (an ArcGIS
 * `tile/z/y/x`, a tileset's relative content) map back under the source's address; for
 * a tile template, the templated part of its path (the map fills it in).
 */
export function proxiedUrl(layer: number, capability: string, sourceUrl: string): string {
  const base = `/api/layers/${layer}/proxy/${capability}/`;
  const template = splitTemplate(sourceUrl);
  if (template) return `${base}${template.rest}`;
  let segment = '';
  try {
    segment = lastSegment(new URL(sourceUrl).pathname);
  } catch {
    // A source without a valid address: the proxy will refuse whatever is asked.
  }
  return `${base}${segment}`;
}

/** What the proxy adds for the service: a login, an ArcGIS token, an API key in the query. */
export type Credentials = {
  /** Anything in the source's folder may be asked for (3D Tiles, terrain, tile templates). */
  wholeFolder?: boolean;
  basic?: { username: string; password: string };
  token?: string;
  apiKey?: { parameter: string; value: string };
  subdomains?: readonly string[];
  /** Keys the map sets itself on every request (a WMS's REQUEST, VERSION, BBOX…): the browser's count, not the source's. */
  requestKeys?: ReadonlySet<string>;
};

/**
 * The upstream address for `rest` (what follows the capability) and the browser's query:
 * under the source's own address only — the source's last segment and below it, or for
 * 3D Tiles anything in its folder (a tileset names its content relative to itself) — with
 * the source's query parameters, then the browser's except those the source or the
 * credentials set, then the credentials, so nothing the browser sends can repeat or
 * replace them.
 */
export function upstreamRequest(
  sourceUrl: string,
  rest: string,
  query: string,
  credentials: Credentials,
): UpstreamRequest {
  const refuse = () => validationFailed({ detail: ['This address is outside the layer’s data source.'] });
  // A tile template: its fixed folder is the source's address, and anything below it may be asked.
  const template = splitTemplate(sourceUrl, credentials.subdomains);
  let source: URL;
  try {
    source = new URL(template ? `${template.folder}?${sourceUrl.split('?')[1] ?? ''}` : sourceUrl);
  } catch {
    throw refuse();
  }
  if (template) credentials = { ...credentials, wholeFolder: true };
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
  // A template's query may hold placeholders the map does not fill here: those stay out, and so
  // do the request keys the map sets itself (a GetCapabilities address saved whole would
  // otherwise turn every GetMap into REQUEST=GetCapabilities).
  const sourceParams = [...source.searchParams].filter(
    ([key, value]) => !/[{}]/.test(value) && !credentials.requestKeys?.has(key.toLowerCase()),
  );
  for (const [key, value] of sourceParams) target.searchParams.append(key, value);
  // What the source fixes stays fixed: the browser can neither repeat nor replace a parameter
  // of the source's address (a `map=` a server would read twice) or of the credentials.
  const fixed = sourceParams.map(([key]) => key);
  const reserved = new Set(
    ['token', credentials.apiKey?.parameter, ...fixed].map((key) => key?.toLowerCase()),
  );
  for (const [key, value] of new URLSearchParams(query)) {
    if (!reserved.has(key.toLowerCase())) target.searchParams.append(key, value);
  }
  if (credentials.token) target.searchParams.set('token', credentials.token);
  if (credentials.apiKey) target.searchParams.set(credentials.apiKey.parameter, credentials.apiKey.value);
  const headers: Record<string, string> = {};
  if (credentials.basic) {
    const pair = `${credentials.basic.username}:${credentials.basic.password}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  return { url: target.toString(), headers };
}
