import { describe, expect, it } from 'vitest';
import { checkAddress } from './address-policy.js';

/** Pure function: nothing here connects anywhere, which is why the "allowed" cases live here. */
describe('checkAddress', () => {
  const refusedCases: [address: string, reason: string][] = [
    // IPv4
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.0.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['169.254.0.1', 'a link-local address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['100.127.255.255', 'a shared (carrier-grade NAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['250.1.2.3', 'a reserved address'],
    ['192.0.0.8', 'a reserved address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.255', 'a benchmarking address'],
    ['192.0.2.1', 'a documentation address'],
    ['198.51.100.1', 'a documentation address'],
    ['203.0.113.1', 'a documentation address'],
    // IPv6
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['febf:ffff::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['2001:4860::1%1', 'a link-local address'], // a zone id means a link-scoped target
    ['fc00::1', 'a private address'],
    ['fd12:3456:789a::1', 'a private address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['ff0e::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['3fff::1', 'a documentation address'],
    ['2001:2::1', 'a benchmarking address'],
    ['100::1', 'a reserved address'],
    ['::10.0.0.1', 'a reserved address'], // IPv4-compatible (deprecated)
    ['::8.8.8.8', 'a reserved address'],
    ['::127.0.0.1', 'a reserved address'],
    ['5f00::1', 'a reserved address'],
    ['4000::1', 'a reserved address'],
    ['2001:4:112::1', 'not a public address'], // AS112
    // IPv4-mapped and other forms carrying an IPv4 address
    ['::ffff:10.0.0.1', 'a private address embedded in IPv6'],
    ['::ffff:a00:1', 'a private address embedded in IPv6'],
    ['::ffff:127.0.0.1', 'a loopback address embedded in IPv6'],
    ['::ffff:169.254.169.254', 'a link-local address embedded in IPv6'],
    ['::ffff:0.0.0.0', 'an unspecified address embedded in IPv6'],
    ['::ffff:0:10.0.0.1', 'a private address embedded in IPv6'], // IPv4-translated
    ['64:ff9b::10.0.0.1', 'a private address embedded in IPv6'], // NAT64
    ['64:ff9b::7f00:1', 'a loopback address embedded in IPv6'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address embedded in IPv6'],
    ['64:ff9b:1::808:808', 'a local NAT64 address'],
    ['2002:a00:1::1', 'a private address embedded in IPv6'], // 6to4
    ['2002:7f00:1::', 'a loopback address embedded in IPv6'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo tunnel address'],
    // Not addresses at all: only the strict textual forms are checked and connected to.
    ['localhost', 'not an IP address'],
    ['2130706433', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
    ['0177.0.0.1', 'not an IP address'],
    ['', 'not an IP address'],
  ];

  it.each(refusedCases)('refuses %s (%s)', (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the global unicast address %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });
});
