/** The same URL without a leading 'www.' (the server redirects to it), or null when there is none. */
export function bareHostUrl(href: string): string | null {
  const url = new URL(href);
  if (!url.hostname.startsWith('www.')) return null;
  url.hostname = url.hostname.slice('www.'.length);
  return url.href;
}
