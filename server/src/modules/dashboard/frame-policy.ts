import type { DashboardFrameReason } from '@geows/contract';

/**
 * Whether a page's answer lets a page of another origin show it in a frame, as Chromium
 * and Firefox decide: CSP `frame-ancestors` (CSP Level 3) when any enforced policy has
 * it, else `X-Frame-Options` (HTML, "check a navigation response's adherence to
 * X-Frame-Options"). The framed page is always of another origin than the framing one
 * here (a dashboard on this site's own origin is refused on write).
 */

/** The headers that decide, as received (a header sent twice may come as a list or joined with commas). */
export type FrameHeaders = {
  /** The address that answered, after redirects: `'self'` and host sources without a scheme refer to it. */
  url: string;
  xFrameOptions: string[];
  contentSecurityPolicy: string[];
};

export type FrameVerdict = { frameable: boolean; reason?: DashboardFrameReason };

const whitespace = /[\t\n\f\r ]+/;

/**
 * The source lists of every `frame-ancestors` directive, one per policy that has one: a
 * header may hold several policies separated by commas, and within a policy only the
 * first directive of a name counts.
 */
export function frameAncestorsLists(headers: string[]): string[][] {
  const lists: string[][] = [];
  for (const policy of headers.flatMap((header) => header.split(','))) {
    const seen = new Set<string>();
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(whitespace).filter(Boolean);
      if (name === undefined) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      if (key === 'frame-ancestors') lists.push(sources);
    }
  }
  return lists;
}

/** Whether `X-Frame-Options` refuses every other origin; values browsers do not know are ignored. */
export function xFrameOptionsRefuses(headers: string[]): boolean {
  const values = new Set(headers.flatMap((header) => header.split(',')).map((v) => v.trim().toLowerCase()));
  if (values.size > 1) return ['deny', 'sameorigin', 'allowall'].some((value) => values.has(value));
  return values.has('deny') || values.has('sameorigin');
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** CSP's "scheme-part matches": an `http` source also admits https (and `ws` wss). */
function schemeMatches(source: string, scheme: string): boolean {
  const a = source.toLowerCase().replace(/:$/, '');
  const b = scheme.replace(/:$/, '');
  return a === b || (a === 'http' && b === 'https') || (a === 'ws' && b === 'wss');
}

const hostSource =
  /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\*|[0-9]+))?(?:\/.*)?$/i;

/**
 * Whether one source expression admits the framing page's origin. `policy` is the framed
 * page's own address, which `'self'` and a host source without a scheme refer to. Paths
 * are not compared: an ancestor is only an origin.
 */
function sourceAdmits(expression: string, ancestor: URL, policy: URL): boolean {
  const source = expression.toLowerCase();
  if (source === '*') return true; // every http(s) page, which the framing page is
  if (source === "'self'")
    return (
      schemeMatches(policy.protocol, ancestor.protocol) &&
      policy.hostname === ancestor.hostname &&
      effectivePort(policy) === effectivePort(ancestor)
    );
  if (source.startsWith("'")) return false; // 'none' and keywords for scripts
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return schemeMatches(source, ancestor.protocol);
  const match = hostSource.exec(source);
  if (!match) return false;
  const [, scheme, host = '', port] = match;
  if (!schemeMatches(scheme ?? policy.protocol, ancestor.protocol)) return false;
  if (host !== '*') {
    const hostname = ancestor.hostname.toLowerCase();
    if (host.startsWith('*.') ? !hostname.endsWith(host.slice(1)) : hostname !== host) return false;
  }
  if (port === '*') return true;
  return (port ?? defaultPorts[ancestor.protocol]) === effectivePort(ancestor);
}

function effectivePort(url: URL): string | undefined {
  return url.port === '' ? defaultPorts[url.protocol] : url.port;
}

/** Whether a source list admits the framing page: an empty list, or `'none'`, admits none. */
export function sourceListAdmits(sources: string[], ancestor: URL, policy: URL): boolean {
  return sources.some((source) => sourceAdmits(source, ancestor, policy));
}

/** Whether a page whose answer had `headers` shows in a frame of a page on `ancestorOrigin`. */
export function framingVerdict(headers: FrameHeaders, ancestorOrigin: string): FrameVerdict {
  const lists = frameAncestorsLists(headers.contentSecurityPolicy);
  if (lists.length > 0) {
    const ancestor = new URL(ancestorOrigin);
    const policy = new URL(headers.url);
    return lists.every((sources) => sourceListAdmits(sources, ancestor, policy))
      ? { frameable: true }
      : { frameable: false, reason: 'frame-ancestors' };
  }
  // frame-ancestors, when present, is obeyed instead of X-Frame-Options.
  if (xFrameOptionsRefuses(headers.xFrameOptions)) return { frameable: false, reason: 'x-frame-options' };
  return { frameable: true };
}
