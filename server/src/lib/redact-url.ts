import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: share tokens (`?token=`), the layer proxy's
 * signed grants (`?capability=`), and the authorization code ArcGIS sends back to
 * `/esri-oauth-callback`. Compared case-insensitively and after decoding, so that
 * `?Tok%65n=` is no way around it.
 */
const SECRET_PARAMETERS = new Set(['token', 'capability', 'code']);

/**
 * Paths with secrets in them, as path segments: `*` is any segment, `#` a secret.
 * Matched on the non-empty segments, case-insensitively and decoded, as the router
 * (duplicate slashes ignored) and the web app's routes would read them.
 */
const SECRET_PATHS: string[][] = [
  ['workspace', 'share', '*', '#'], // a share link's page
  ['activation', '#', '#'], // the e-mailed activation link
  ['password-reset', '#', '#'], // the e-mailed reset link
  ['api', 'activate', '#', '#'],
  ['api', 'layers', '*', 'proxy', '#'], // the signed grant; the tile path after it is kept
];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  const pieces = path.split('/');
  // Indexes in `pieces` of the segments that count: empty ones (`//`) the router skips.
  const segments = pieces.flatMap((piece, index) => (piece === '' ? [] : [index]));
  const names = segments.map((index) => decoded(pieces[index] ?? '').toLowerCase());
  for (const pattern of SECRET_PATHS) {
    if (names.length < pattern.length) continue;
    if (!pattern.every((part, i) => part === '*' || part === '#' || part === names[i])) continue;
    pattern.forEach((part, i) => {
      const index = segments[i];
      if (part === '#' && index !== undefined) pieces[index] = REDACTED;
    });
    break;
  }
  return pieces.join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = decoded(pair.slice(0, eq)).trim().toLowerCase();
      return SECRET_PARAMETERS.has(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request's URL (path and query, as logged) with its secrets replaced by
 * `[redacted]`: share tokens, the proxy's capabilities, the e-mailed links' uid and
 * token. Logs are read by more people, and kept longer, than these secrets should be.
 * Pure string work that never throws, whatever the client sent.
 */
export function redactUrl(url: string): string {
  // A request line may carry an absolute URL (as sent to proxies): its origin stays.
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const queryAt = rest.indexOf('?');
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = queryAt < 0 ? null : rest.slice(queryAt + 1);
  return `${origin}${redactPath(path)}${query === null ? '' : `?${redactQuery(query)}`}`;
}

/**
 * The request as Fastify's logger writes it (its default fields), with the URL
 * redacted: every request line and error line of the log goes through this.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
