/**
 * FETCH_ALLOW_HOSTS: the hosts an operator lets users reach although their
 * addresses are not public (an intranet service, or loopback in tests).
 */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

export type AllowHostMatcher = (hostname: string, port: number) => boolean;

/**
 * Entries are `host` or `host:port`, IPv6 in brackets (`[::1]:8080`). The host
 * goes through the WHATWG parser like URLs do, so `0x7f.1` or `[0::1]` match
 * what `new URL()` makes of the same spelling. A bad entry is a configuration
 * mistake and throws, so it shows at start-up rather than as a puzzling refusal.
 */
export function compileAllowHosts(entries: readonly string[]): AllowHostMatcher {
  const allowed = new Set<string>();
  for (const entry of entries) {
    const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
    const hostname = match?.[1] !== undefined ? canonicalHostname(match[1]) : undefined;
    if (!match || !hostname) throw new Error(`Invalid allowed host "${entry}": use host or host:port.`);
    allowed.add(match[2] === undefined ? hostname : `${hostname}:${Number(match[2])}`);
  }
  return (hostname, port) => allowed.has(hostname) || allowed.has(`${hostname}:${port}`);
}

function canonicalHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}
