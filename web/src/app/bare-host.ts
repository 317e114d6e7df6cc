/** The same URL without a leading 'www.' (spec §1), or null when there is none to strip. */
export function bareHostUrl(href: string): string | null {
  const url = new URL(href);
  if (!url.hostname.startsWith('www.')) return null;
  url.hostname = url.hostname.slice('www.'.length);
  return url.href;
}
