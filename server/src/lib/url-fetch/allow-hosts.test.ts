import { describe, expect, it } from 'vitest';
import { compileAllowHosts, parseAllowHosts } from './allow-hosts.js';

describe('parseAllowHosts', () => {
  it('splits, trims, lower-cases and drops empty entries', () => {
    expect(parseAllowHosts(' Intranet.Example , 127.0.0.1:8080,,  ,[::1]:3000 ')).toEqual([
      'intranet.example',
      '127.0.0.1:8080',
      '[::1]:3000',
    ]);
  });

  it('answers nothing for an unset or empty variable', () => {
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts('')).toEqual([]);
    expect(parseAllowHosts(' , ')).toEqual([]);
  });
});

describe('compileAllowHosts', () => {
  it('matches a host on any port when no port is given', () => {
    const allowed = compileAllowHosts(['intranet.example']);
    expect(allowed('intranet.example', 80)).toBe(true);
    expect(allowed('intranet.example', 8443)).toBe(true);
    expect(allowed('other.example', 80)).toBe(false);
    expect(allowed('sub.intranet.example', 80)).toBe(false);
  });

  it('matches only the given port when there is one', () => {
    const allowed = compileAllowHosts(['127.0.0.1:8080']);
    expect(allowed('127.0.0.1', 8080)).toBe(true);
    expect(allowed('127.0.0.1', 8081)).toBe(false);
    expect(allowed('127.0.0.1', 80)).toBe(false);
  });

  it('compares with the effective port, so a default port written out matches', () => {
    const allowed = compileAllowHosts(['intranet.example:80']);
    const url = new URL('http://intranet.example/');
    expect(allowed(url.hostname, 80)).toBe(true);
  });

  it('spells hosts the way URLs do (case, IPv6 brackets, IPv4 shorthands)', () => {
    const allowed = compileAllowHosts(['Intranet.Example', '[0:0::1]:3000', '0x7f.1:9000']);
    expect(allowed('intranet.example', 80)).toBe(true);
    expect(allowed('[::1]', 3000)).toBe(true);
    expect(allowed('[::1]', 3001)).toBe(false);
    expect(allowed('127.0.0.1', 9000)).toBe(true);
  });

  it('throws on an entry it cannot read, so a typo shows at start-up', () => {
    expect(() => compileAllowHosts(['::1'])).toThrow(/Invalid allowed host/);
    expect(() => compileAllowHosts(['host:port'])).toThrow(/Invalid allowed host/);
    expect(() => compileAllowHosts(['http://host/'])).toThrow(/Invalid allowed host/);
  });
});
