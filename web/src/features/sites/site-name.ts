import { productName } from '@geows/contract';

/** Leading host labels that name a service rather than the organisation. */
const prefixes = new Set([
  'www',
  'www2',
  'app',
  'apps',
  'maps',
  'map',
  'portal',
  'my',
  'web',
  'geo',
  'viewer',
]);

/** Trailing labels that are (parts of) public suffixes, not the organisation's name. */
const suffixes = new Set([
  'com',
  'net',
  'org',
  'io',
  'app',
  'dev',
  'ai',
  'co',
  'info',
  'biz',
  'online',
  'cloud',
  'eu',
  'nl',
  'be',
  'de',
  'fr',
  'uk',
  'us',
  'ca',
  'au',
  'nz',
  'ch',
  'at',
  'se',
  'no',
  'dk',
  'fi',
  'es',
  'it',
  'pl',
  'gov',
  'edu',
  'ac',
  'local',
  'localdomain',
  'test',
  'internal',
  'lan',
]);

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The site's display name, from its host: 'www.maps.example.co.uk' → 'Example',
 * 'app.geo-data.nl' → 'Geo Data', 'localhost:8000' → 'Localhost'. IP addresses are
 * shown as they are, since no words can be made of them.
 */
export function deriveSiteName(host: string): string {
  const hostname = stripPort(host.trim().toLowerCase()).replace(/\.$/, '');
  if (!hostname) return productName;
  if (ipv4.test(hostname) || hostname.includes(':')) return hostname;

  const labels = hostname.split('.').filter(Boolean);
  while (labels.length > 1 && suffixes.has(labels[labels.length - 1] ?? '')) labels.pop();
  while (labels.length > 1 && prefixes.has(labels[0] ?? '')) labels.shift();

  const words = labels
    .join(' ')
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return productName;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

function stripPort(host: string): string {
  // "[::1]:8000" → "::1"; "example.com:8000" → "example.com"; a bare IPv6 stays whole.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed?.[1]) return bracketed[1];
  const colons = host.split(':').length - 1;
  return colons === 1 ? host.replace(/:\d*$/, '') : host;
}
