import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a user-given URL may reach: global unicast only.
 *
 * Two layers on purpose: an explicit table of the ranges we know are dangerous
 * (so the rule does not silently change with an ipaddr.js upgrade, and so the
 * message names the exact reason), then ipaddr.js `range()` which must answer
 * 'unicast' (catching whatever special range the table does not list).
 */
/** `reason` is a noun phrase ("a private address") to follow "it is" or "it resolves to". */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type Rule = [cidr: string, what: string];

const IPV4_RULES: Rule[] = [
  // Broadcast lies inside 240/4; listed first so the message is the precise one.
  ['255.255.255.255/32', 'a broadcast address'],
  ['0.0.0.0/8', 'an unspecified address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'a reserved address'],
  ['192.0.2.0/24', 'a documentation address'],
  ['192.88.99.0/24', 'a reserved address'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address'],
  ['203.0.113.0/24', 'a documentation address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
];

const IPV6_RULES: Rule[] = [
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['100::/64', 'a reserved address'],
  ['fc00::/7', 'a private address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
  ['2001:db8::/32', 'a documentation address'],
  ['3fff::/20', 'a documentation address'],
  ['2001:2::/48', 'a benchmarking address'],
  // Local-use NAT64 prefix: its translator sits inside someone's network.
  ['64:ff9b:1::/48', 'a local NAT64 address'],
  // Teredo hides an IPv4 address behind XOR obfuscation; rare enough to refuse outright.
  ['2001::/32', 'a Teredo tunnel address'],
];

/** Words for ipaddr.js range names the tables above do not already catch. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
};

const V4 = IPV4_RULES.map(([cidr, what]) => ({ range: ipaddr.IPv4.parseCIDR(cidr), what }));
const V6 = IPV6_RULES.map(([cidr, what]) => ({ range: ipaddr.IPv6.parseCIDR(cidr), what }));

/** IANA's global unicast block; everything outside it (bar the embedded forms below) is special. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV4_TRANSLATED = ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

const refused = (reason: string): AddressVerdict => ({ allowed: false, reason });
const ALLOWED: AddressVerdict = { allowed: true };

/**
 * Decides whether `address` (an IP address in textual form, as a resolver
 * answers it) may be connected to on behalf of a user.
 */
export function checkAddress(address: string): AddressVerdict {
  // net.isIP is strict (no "0x7f.1" forms), so what we check is exactly what we connect to.
  const family = isIP(address);
  if (family === 4) return checkIPv4(ipaddr.IPv4.parse(address));
  if (family === 6) {
    // A zone id only makes sense for link-scoped targets, which are never allowed.
    if (address.includes('%')) return refused('a link-local address');
    return checkIPv6(ipaddr.IPv6.parse(dottedTailToHex(address)));
  }
  return refused('not an IP address');
}

function checkIPv4(ip: ipaddr.IPv4): AddressVerdict {
  for (const rule of V4) {
    if (ip.match(rule.range)) return refused(rule.what);
  }
  const range = ip.range();
  if (range !== 'unicast') return refused(RANGE_WORDS[range] ?? 'not a public address');
  return ALLOWED;
}

function checkIPv6(ip: ipaddr.IPv6): AddressVerdict {
  // Forms that carry an IPv4 address: the packet ends up at that IPv4 address, so judge it.
  const embedded = embeddedIPv4(ip);
  if (embedded) {
    const verdict = checkIPv4(embedded);
    return verdict.allowed ? verdict : refused(`${verdict.reason} embedded in IPv6`);
  }

  for (const rule of V6) {
    if (ip.match(rule.range)) return refused(rule.what);
  }
  if (!ip.match(GLOBAL_UNICAST_V6)) return refused('a reserved address');
  const range = ip.range();
  if (range !== 'unicast' && range !== '6to4') {
    return refused(RANGE_WORDS[range] ?? 'not a public address');
  }
  return ALLOWED;
}

/** The IPv4 address inside IPv4-mapped, IPv4-translated, NAT64 (well-known prefix) and 6to4 addresses. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const fromParts = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (ip.isIPv4MappedAddress() || ip.match(IPV4_TRANSLATED) || ip.match(NAT64)) {
    return fromParts(p[6] ?? 0, p[7] ?? 0);
  }
  if (ip.match(SIX_TO_FOUR)) return fromParts(p[1] ?? 0, p[2] ?? 0);
  return undefined;
}

/**
 * ipaddr.js reads "::a.b.c.d" as IPv4-mapped (::ffff:a.b.c.d), while the system
 * connects to it as IPv4-compatible (::a.b.c.d, a different address). Spelling
 * the dotted tail in hex first makes both read the same address.
 */
function dottedTailToHex(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => {
    const group = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
    return `${group(a, b)}:${group(c, d)}`;
  });
}
