/**
 * A path of this site to come back to, or null: `value` must be a path (one leading
 * slash, no scheme, no `//host` or `/\host` that a browser would read as another site)
 * that resolves to this origin. The answer is the normalised path, query and fragment,
 * never a full address, so a crafted value cannot send a login elsewhere.
 */
export function sameOriginPath(value: unknown, origin: string = window.location.origin): string | null {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return null;
  // Tabs and line breaks are dropped by URL parsing: `/\t/evil.example` would become `//evil.example`.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
