import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tooLarge } from './errors.js';
import {
  createUrlFetcher,
  defaultResolver,
  type FetchOptions,
  type ResolvedAddress,
  type Resolver,
  UrlFetchError,
  type UrlFetchErrorKind,
} from './index.js';

/*
 * ABSOLUTE RULE for this file: traffic goes to loopback only. Refusals are
 * tested with an injected resolver that *answers* private or public addresses
 * and must be refused before any connection. As a safety net against a broken
 * fetcher, every socket connect in this process is guarded: an IP literal or
 * looked-up address off loopback fails the connect and trips the test.
 */
const connects: { host: string; addresses: string[] }[] = [];
const guardTrips: string[] = [];
const isLoopback = (address: string) =>
  address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address);
const realConnect = net.Socket.prototype.connect;

type ConnectOptions = { host?: string; path?: string; lookup?: LookupFunction };

function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
  // node:http hands over its normalised [options, callback] array; other callers an options object.
  const first = args[0];
  const options = (Array.isArray(first) ? first[0] : first) as ConnectOptions | undefined;
  if (typeof options !== 'object' || options === null) {
    guardTrips.push(`unexpected connect(${String(first)})`);
    throw new Error('loopback guard: unexpected form of connect()');
  }
  if (options.path) return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  const host = options.host ?? 'localhost';
  if (net.isIP(host)) {
    if (!isLoopback(host)) {
      guardTrips.push(host);
      throw new Error(`loopback guard: refused to connect to ${host}`);
    }
    connects.push({ host, addresses: [host] });
  } else {
    const lookup = options.lookup ?? (dns.lookup as unknown as LookupFunction);
    options.lookup = (hostname, lookupOptions, callback) =>
      lookup(hostname, lookupOptions, (error, address, family) => {
        const list = Array.isArray(address) ? address.map((a: LookupAddress) => a.address) : [address];
        const outside = list.filter((a) => !isLoopback(a));
        if (!error && outside.length > 0) {
          guardTrips.push(outside.join(','));
          callback(new Error(`loopback guard: refused to connect to ${outside.join(', ')}`), '');
          return;
        }
        if (!error) connects.push({ host: hostname, addresses: list });
        callback(error, address, family);
      });
  }
  return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
}

beforeAll(() => {
  net.Socket.prototype.connect = guardedConnect as typeof realConnect;
});
afterAll(() => {
  net.Socket.prototype.connect = realConnect;
});
beforeEach(() => {
  connects.length = 0;
});
afterEach(() => {
  expect(guardTrips).toEqual([]);
});

/** The test service, on 127.0.0.1 only. Records what reached it. */
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let seen: Seen[] = [];
let port = 0;
let server: http.Server;
/** A second loopback service that must never be reached (redirect targets that are not allowed). */
let otherPort = 0;
let other: http.Server;
let otherConnections = 0;

function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) return res.end('done');
    res.writeHead(302, { location: `/chain/${left - 1}` });
    return res.end();
  }
  const redirect = /^\/redirect\/(\d{3})$/.exec(path);
  if (redirect) {
    res.writeHead(Number(redirect[1]), { location: url.searchParams.get('to') ?? '/ok' });
    return res.end('moved');
  }
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) {
    res.writeHead(Number(status[1]), { 'content-type': 'text/plain' });
    return res.end('status page');
  }
  switch (path) {
    case '/ok':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('hello');
    case '/echo':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return res.end('{"a":1}');
    case '/html':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<p>hi</p>');
    case '/untyped':
      return res.end('no type');
    case '/hang':
      return; // never answers
    case '/stall-body':
      // Headers, a first chunk, then nothing: only a deadline ends this.
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.write('first');
    case '/declared-large':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5000' });
      return res.end('x'.repeat(5000));
    case '/chunked-large': {
      // No Content-Length: the size only shows while streaming.
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
      return res.end();
    }
    case '/gzip': {
      const zipped = gzipSync(Buffer.alloc(100_000, 'z'));
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return res.end(zipped);
    }
    default:
      res.writeHead(404);
      return res.end();
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  other = http.createServer((_req, res) => res.end('must not be reached'));
  other.on('connection', () => otherConnections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  otherPort = (other.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});
beforeEach(() => {
  seen = [];
  otherConnections = 0;
});

const base = () => `http://127.0.0.1:${port}`;
const loopbackOnly = () => createUrlFetcher({ allowHosts: [`127.0.0.1:${port}`], resolve: noDns });

/** For tests that must not resolve anything. */
const noDns: Resolver = async (hostname) => {
  throw new Error(`unexpected DNS query for ${hostname}`);
};

/** A resolver from a fixed table; names not in it are not found. */
function fakeDns(table: Record<string, string[]>) {
  return vi.fn<Resolver>(async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map(
      (address): ResolvedAddress => ({ address, family: net.isIP(address) === 6 ? 6 : 4 }),
    );
  });
}

async function failure(promise: Promise<unknown>): Promise<UrlFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlFetchError);
  return error as UrlFetchError;
}

async function expectFailure(promise: Promise<unknown>, kind: UrlFetchErrorKind, message?: string | RegExp) {
  const error = await failure(promise);
  expect(error.kind).toBe(kind);
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}

describe('refusals before any connection', () => {
  afterEach(() => {
    // Refused means refused before connecting: no socket was even attempted.
    expect(connects).toEqual([]);
    expect(seen).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1/', 'a loopback address'],
    ['http://127.1/', 'a loopback address'],
    ['http://2130706433/', 'a loopback address'], // decimal
    ['http://0177.0.0.1/', 'a loopback address'], // octal
    ['http://0x7f.1/', 'a loopback address'], // hex, short form
    ['http://0x7f000001/', 'a loopback address'],
    ['http://[::1]/', 'a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'a loopback address embedded in IPv6'],
    ['http://10.0.0.1/', 'a private address'],
    ['http://012.0.0.1/', 'a private address'], // octal 10.0.0.1
    ['http://167772161/', 'a private address'], // decimal 10.0.0.1
    ['http://172.16.0.1/', 'a private address'],
    ['http://192.168.0.1/', 'a private address'],
    ['https://192.168.0.1/', 'a private address'],
    ['http://[fc00::1]/', 'a private address'],
    ['http://[fd00::1]/', 'a private address'],
    ['http://[::ffff:10.0.0.1]/', 'a private address embedded in IPv6'],
    ['http://[64:ff9b::10.0.0.1]/', 'a private address embedded in IPv6'],
    ['http://[2002:a00:1::]/', 'a private address embedded in IPv6'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://[fe80::1]/', 'a link-local address'],
    ['http://100.64.0.1/', 'a shared (carrier-grade NAT) address'],
    ['http://224.0.0.1/', 'a multicast address'],
    ['http://[ff02::1]/', 'a multicast address'],
    ['http://0.0.0.0/', 'an unspecified address'],
    ['http://0/', 'an unspecified address'],
    ['http://[::]/', 'an unspecified address'],
    ['http://255.255.255.255/', 'a broadcast address'],
    ['http://240.0.0.1/', 'a reserved address'],
    ['http://198.18.0.1/', 'a benchmarking address'],
    ['http://192.0.2.1/', 'a documentation address'],
    ['http://[2001:db8::1]/', 'a documentation address'],
  ])('refuses the IP literal in %s (%s)', async (url, reason) => {
    const resolve = fakeDns({});
    const error = await expectFailure(createUrlFetcher({ resolve }).fetch(url), 'refused');
    expect(error.message).toMatch(/^The address \S+ is not allowed: it is /);
    expect(error.message).toContain(`it is ${reason}.`);
    expect(resolve).not.toHaveBeenCalled(); // IP literals are not resolved
  });

  it('names the normalised address in the message', async () => {
    await expectFailure(
      createUrlFetcher({ resolve: noDns }).fetch('http://2130706433/'),
      'refused',
      'The address 127.0.0.1 is not allowed: it is a loopback address.',
    );
    await expectFailure(
      createUrlFetcher({ resolve: noDns }).fetch('http://10.0.0.1/'),
      'refused',
      'The address 10.0.0.1 is not allowed: it is a private address.',
    );
  });

  it.each([
    ['internal.test', ['10.0.0.5'], 'a private address'],
    ['metadata.google.internal', ['169.254.169.254'], 'a link-local address'],
    ['localhost', ['127.0.0.1', '::1'], 'a loopback address'],
    ['v6.internal.test', ['fd00::1'], 'a private address'],
    ['mapped.test', ['::ffff:192.168.0.1'], 'a private address embedded in IPv6'],
    ['nat64.test', ['64:ff9b::a9fe:a9fe'], 'a link-local address embedded in IPv6'],
    ['cgnat.test', ['100.100.100.100'], 'a shared (carrier-grade NAT) address'],
    // Mixed answers: one bad address is enough, whatever its position.
    ['mixed.test', ['93.184.216.34', '10.0.0.1'], 'a private address'],
    ['mixed-first.test', ['10.0.0.1', '93.184.216.34'], 'a private address'],
    ['mixed-v6.test', ['2606:4700:4700::1111', '::1'], 'a loopback address'],
  ])('refuses %s, which resolves to %j', async (host, addresses, reason) => {
    const resolve = fakeDns({ [host]: addresses });
    const error = await expectFailure(createUrlFetcher({ resolve }).fetch(`http://${host}/x`), 'refused');
    // The internal address is not told to the user.
    expect(error.message).toBe(`The host ${host} is not allowed: it resolves to ${reason}.`);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith(host);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/file',
    'gopher://127.0.0.1:70/_GET',
    'data:text/plain,hello',
    'javascript:alert(1)',
    'ws://example.com/',
    'dict://127.0.0.1:11211/',
  ])('refuses the scheme of %s', async (url) => {
    const resolve = fakeDns({});
    await expectFailure(
      createUrlFetcher({ resolve }).fetch(url),
      'refused',
      /^Only http and https addresses/,
    );
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each(['http://user:pass@example.com/', 'http://user@example.com/', 'https://:secret@example.com/'])(
    'refuses the user name or password in %s',
    async (url) => {
      const resolve = fakeDns({ 'example.com': ['93.184.216.34'] });
      await expectFailure(
        createUrlFetcher({ resolve }).fetch(url),
        'refused',
        'Addresses with a user name or password are not allowed.',
      );
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it('refuses userinfo even on an allowed host', async () => {
    await expectFailure(loopbackOnly().fetch(`http://user:pass@127.0.0.1:${port}/ok`), 'refused');
  });

  it('refuses what is not a URL', async () => {
    await expectFailure(loopbackOnly().fetch('not a url'), 'refused', 'The address is not a valid URL.');
  });

  // Issue 22: the odd URLs an outside probe sent. Whatever `new URL()` makes of them,
  // the fetcher answers its own error (a 400 for the user), never the parser's TypeError.
  it.each([
    ['http://127.0.0.1:8642:8643/', 'refused'],
    ['http://[::1', 'refused'],
    ['http://[::1]:99999/', 'refused'],
    ['http://[fe80::1%25lo]/', 'refused'],
    ['http://[fe80::1%lo]/', 'refused'],
    ['http://[1.2.3.4]/', 'refused'],
    ['http://', 'refused'],
    ['http://:80', 'refused'],
    ['http://a b/', 'refused'],
    ['http://exa\u0000mple.test/', 'refused'],
    ['http://%/', 'refused'],
    ['', 'refused'],
    ['http:', 'refused'],
    ['//example.test/', 'refused'],
    // These parse: the host is checked as any other.
    ['http://[::1]:0/', 'refused'],
    ['http://127.0.0.1:0/', 'refused'],
    ['http://%31%32%37.0.0.1/', 'refused'], // percent-encoded 127.0.0.1
    ['http://\uff11\uff12\uff17.0.0.1/', 'refused'], // full-width digits: 127.0.0.1
    ['http://0x7f.0x0.0x0.0x1/', 'refused'],
    ['http://bücher.test/', 'unreachable'],
    ['HTTP://EXAMPLE.TEST:8080', 'unreachable'],
    [`http://${'a'.repeat(300)}.test/`, 'unreachable'],
    [`http://example.test/${'p'.repeat(100_000)}?${'q'.repeat(100_000)}`, 'unreachable'],
  ] as const)('answers %j with its own error (%s)', async (url, kind) => {
    const resolve = fakeDns({});
    const error = await expectFailure(createUrlFetcher({ resolve }).fetch(url), kind);
    expect(error.message).not.toMatch(/Invalid URL/);
    await expectFailure(createUrlFetcher({ resolve }).stream(url), kind);
    // Names are resolved as ASCII (IDNA), once per call.
    for (const [hostname] of resolve.mock.calls) expect(hostname).toMatch(/^[\x21-\x7e]+$/);
  });

  it('refuses an allowed host on another port', async () => {
    const fetcher = createUrlFetcher({ allowHosts: ['127.0.0.1:1'], resolve: noDns });
    await expectFailure(fetcher.fetch(`${base()}/ok`), 'refused', /loopback/);
  });

  it('refuses a host allowed by port when resolved names differ', async () => {
    const resolve = fakeDns({ 'service.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const fetcher = createUrlFetcher({ allowHosts: [`service.test:${port}`], resolve });
    await expectFailure(fetcher.fetch(`http://other.test:${port}/ok`), 'refused', /other\.test/);
  });
});

describe('fetching from an allowed loopback service', () => {
  it('answers status, final URL, headers and body', async () => {
    const result = await loopbackOnly().fetch(`${base()}/ok`);
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${base()}/ok`);
    expect(result.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(result.body.toString()).toBe('hello');
    expect(connects).toEqual([{ host: '127.0.0.1', addresses: ['127.0.0.1'] }]);
  });

  it('allows a host without a port on any port', async () => {
    const fetcher = createUrlFetcher({ allowHosts: ['127.0.0.1'], resolve: noDns });
    expect((await fetcher.fetch(`${base()}/ok`)).body.toString()).toBe('hello');
  });

  it('connects to the resolved address, resolving once, with the host name as Host', async () => {
    const resolve = fakeDns({ 'service.test': ['127.0.0.1'] });
    const fetcher = createUrlFetcher({ allowHosts: [`SERVICE.test:${port}`], resolve });
    const result = await fetcher.fetch(`http://Service.Test:${port}/echo`);
    expect(JSON.parse(result.body.toString()).headers.host).toBe(`service.test:${port}`);
    expect(resolve).toHaveBeenCalledTimes(1);
    // The socket's lookup answered the checked address: no second DNS query.
    expect(connects).toEqual([{ host: 'service.test', addresses: ['127.0.0.1'] }]);
  });

  it('sends the default headers, lets the caller override them, and never sends cookies', async () => {
    const plain = await loopbackOnly().fetch(`${base()}/echo`);
    const headers = JSON.parse(plain.body.toString()).headers;
    expect(headers['user-agent']).toBe('GeoWorkspaces/1.0');
    expect(headers['accept-encoding']).toBe('identity');

    const custom = await loopbackOnly().fetch(`${base()}/echo`, {
      headers: { 'User-Agent': 'Custom/2', Cookie: 'session=secret', 'X-Api-Key': 'k', Host: 'evil.test' },
    });
    const sent = JSON.parse(custom.body.toString()).headers;
    expect(sent['user-agent']).toBe('Custom/2');
    expect(sent['x-api-key']).toBe('k');
    expect(sent.cookie).toBeUndefined();
    expect(sent.host).toBe(`127.0.0.1:${port}`);
  });

  it('sends a POST body', async () => {
    const result = await loopbackOnly().fetch(`${base()}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<q/>',
    });
    const echo = JSON.parse(result.body.toString());
    expect(echo).toMatchObject({ method: 'POST', body: '<q/>' });
    expect(echo.headers['content-length']).toBe('4');
  });

  it('decodes gzip when the caller asks for it, counting the decoded bytes', async () => {
    const fetcher = loopbackOnly();
    const result = await fetcher.fetch(`${base()}/gzip`, { headers: { 'accept-encoding': 'gzip' } });
    expect(result.body.length).toBe(100_000);
    expect(result.headers['content-encoding']).toBeUndefined();
    await expectFailure(
      fetcher.fetch(`${base()}/gzip`, { headers: { 'accept-encoding': 'gzip' }, maxBytes: 10_000 }),
      'too-large',
    );
  });

  it('uses the system resolver by default', async () => {
    const addresses = await defaultResolver('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address } of addresses) expect(isLoopback(address)).toBe(true);
  });
});

describe('redirects', () => {
  it('follows a chain of 5', async () => {
    const result = await loopbackOnly().fetch(`${base()}/chain/5`);
    expect(result.body.toString()).toBe('done');
    expect(result.url).toBe(`${base()}/chain/0`);
    expect(seen).toHaveLength(6);
  });

  it('refuses a 6th redirect without following it', async () => {
    await expectFailure(
      loopbackOnly().fetch(`${base()}/chain/6`),
      'refused',
      'The service redirected more than 5 times.',
    );
    expect(seen.map((s) => s.url)).toEqual([
      '/chain/6',
      '/chain/5',
      '/chain/4',
      '/chain/3',
      '/chain/2',
      '/chain/1',
    ]);
  });

  it('honours maxRedirects', async () => {
    await expectFailure(loopbackOnly().fetch(`${base()}/chain/1`, { maxRedirects: 0 }), 'refused');
    expect((await loopbackOnly().fetch(`${base()}/chain/2`, { maxRedirects: 2 })).status).toBe(200);
  });

  it.each([301, 302, 303, 307, 308])('follows %i', async (code) => {
    const result = await loopbackOnly().fetch(`${base()}/redirect/${code}?to=/ok`);
    expect(result.body.toString()).toBe('hello');
  });

  it('resolves each hop once, through the same resolver', async () => {
    const resolve = fakeDns({ 'service.test': ['127.0.0.1'] });
    const fetcher = createUrlFetcher({ allowHosts: [`service.test:${port}`], resolve });
    await fetcher.fetch(`http://service.test:${port}/chain/2`);
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  it('refuses a redirect from an allowed loopback port to another loopback port', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${otherPort}/`);
    await expectFailure(
      loopbackOnly().fetch(`${base()}/redirect/302?to=${to}`),
      'refused',
      'The address 127.0.0.1 is not allowed: it is a loopback address.',
    );
    expect(otherConnections).toBe(0);
    expect(connects).toHaveLength(1);
  });

  it('refuses a redirect from an allowed host to another loopback host', async () => {
    const resolve = fakeDns({ 'service.test': ['127.0.0.1'], localhost: ['127.0.0.1'] });
    const fetcher = createUrlFetcher({ allowHosts: [`service.test:${port}`], resolve });
    const to = encodeURIComponent(`http://localhost:${port}/ok`);
    await expectFailure(
      fetcher.fetch(`http://service.test:${port}/redirect/307?to=${to}`),
      'refused',
      'The host localhost is not allowed: it resolves to a loopback address.',
    );
    expect(seen).toHaveLength(1);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const resolve = fakeDns({ 'internal.test': ['10.0.0.5'] });
    const fetcher = createUrlFetcher({ allowHosts: [`127.0.0.1:${port}`], resolve });
    await expectFailure(
      fetcher.fetch(`${base()}/redirect/302?to=${encodeURIComponent('http://internal.test/')}`),
      'refused',
      'The host internal.test is not allowed: it resolves to a private address.',
    );
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('internal.test');
    expect(connects).toHaveLength(1);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[::1]/', /loopback/],
    ['file:///etc/passwd', /^Only http and https/],
    [`http://user:pass@127.0.0.1:PORT/ok`, /user name or password/],
  ])('refuses a redirect to %s', async (location, message) => {
    const to = encodeURIComponent(location.replace('PORT', String(port)));
    await expectFailure(loopbackOnly().fetch(`${base()}/redirect/301?to=${to}`), 'refused', message);
    expect(seen).toHaveLength(1);
  });

  it('turns POST into GET on 303 (and 301/302) but keeps it on 307', async () => {
    const post: FetchOptions = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } };
    for (const code of [301, 302, 303]) {
      const result = await loopbackOnly().fetch(`${base()}/redirect/${code}?to=/echo`, post);
      const echo = JSON.parse(result.body.toString());
      expect(echo).toMatchObject({ method: 'GET', body: '' });
      expect(echo.headers['content-type']).toBeUndefined();
    }
    const kept = await loopbackOnly().fetch(`${base()}/redirect/307?to=/echo`, post);
    expect(JSON.parse(kept.body.toString())).toMatchObject({ method: 'POST', body: 'payload' });
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const resolve = fakeDns({ 'service.test': ['127.0.0.1'] });
    const fetcher = createUrlFetcher({ allowHosts: [`127.0.0.1:${port}`, `service.test:${port}`], resolve });
    const to = encodeURIComponent(`http://service.test:${port}/echo`);
    const result = await fetcher.fetch(`${base()}/redirect/302?to=${to}`, {
      headers: { authorization: 'Bearer secret', 'x-other': 'kept' },
    });
    const sent = JSON.parse(result.body.toString()).headers;
    expect(seen[0]?.headers.authorization).toBe('Bearer secret');
    expect(sent.authorization).toBeUndefined();
    expect(sent['x-other']).toBe('kept');
  });
});

describe('failures', () => {
  it('times out on a service that never answers', async () => {
    const started = Date.now();
    await expectFailure(
      loopbackOnly().fetch(`${base()}/hang`, { timeoutMs: 200 }),
      'timeout',
      'The service did not answer within 0.2 seconds.',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says the default timeout in whole seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = failure(loopbackOnly().fetch(`${base()}/hang`));
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(10_000);
      expect((await pending).message).toBe('The service did not answer within 10 seconds.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('times out on a slow resolver', async () => {
    const resolve: Resolver = () => new Promise(() => {});
    const fetcher = createUrlFetcher({ allowHosts: ['slow.test'], resolve });
    await expectFailure(fetcher.fetch('http://slow.test/', { timeoutMs: 100 }), 'timeout');
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = loopbackOnly().fetch(`${base()}/hang`, { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort(new Error('user went away'));
    await expect(pending).rejects.toThrow('user went away');
  });

  it('refuses an answer announced too large, before reading it', async () => {
    await expectFailure(
      loopbackOnly().fetch(`${base()}/declared-large`, { maxBytes: 1000 }),
      'too-large',
      'The answer is larger than 1000 bytes.',
    );
  });

  it('stops reading an answer that grows too large without a Content-Length', async () => {
    await expectFailure(
      loopbackOnly().fetch(`${base()}/chunked-large`, { maxBytes: 5000 }),
      'too-large',
      'The answer is larger than 4.9 KB.',
    );
    // The same answer within the limit is fine.
    const ok = await loopbackOnly().fetch(`${base()}/chunked-large`, { maxBytes: 10_000 });
    expect(ok.body.length).toBe(10_000);
  });

  it('says the default limit in MB', () => {
    expect(tooLarge(20 * 1024 * 1024).message).toBe('The answer is larger than 20 MB.');
    expect(tooLarge(512 * 1024).message).toBe('The answer is larger than 512 KB.');
  });

  it('refuses a content type the caller does not accept', async () => {
    const accept = vi.fn((type: string) => type === 'application/json');
    await expectFailure(
      loopbackOnly().fetch(`${base()}/html`, { accept }),
      'wrong-type',
      'The service answered with content of type text/html, which is not accepted here.',
    );
    expect(accept).toHaveBeenCalledWith('text/html');
    const json = await loopbackOnly().fetch(`${base()}/json`, { accept });
    expect(accept).toHaveBeenLastCalledWith('application/json');
    expect(json.body.toString()).toBe('{"a":1}');
    await expectFailure(loopbackOnly().fetch(`${base()}/untyped`, { accept }), 'wrong-type');
    expect(accept).toHaveBeenLastCalledWith('');
  });

  it.each([404, 500])('turns HTTP %i into an http-error', async (code) => {
    const error = await expectFailure(
      loopbackOnly().fetch(`${base()}/status/${code}`),
      'http-error',
      `The service answered with HTTP ${code}.`,
    );
    expect(error.status).toBe(code);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const fetcher = createUrlFetcher({ allowHosts: [`127.0.0.1:${closedPort}`], resolve: noDns });
    const error = await expectFailure(
      fetcher.fetch(`http://127.0.0.1:${closedPort}/`),
      'unreachable',
      'The service could not be reached.',
    );
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const fetcher = createUrlFetcher({ resolve: fakeDns({}) });
    await expectFailure(
      fetcher.fetch('http://nowhere.test/'),
      'unreachable',
      'The host nowhere.test could not be found.',
    );
    const empty = createUrlFetcher({ resolve: async () => [] });
    await expectFailure(empty.fetch('http://empty.test/'), 'unreachable');
  });
});

describe('stream', () => {
  it('answers once the headers are in, and streams the body', async () => {
    const result = await loopbackOnly().stream(`${base()}/chain/1`);
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${base()}/chain/0`);
    const chunks: Buffer[] = [];
    for await (const chunk of result.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('done');
  });

  it('passes error statuses on instead of throwing', async () => {
    const result = await loopbackOnly().stream(`${base()}/status/404`, { accept: () => false });
    expect(result.status).toBe(404);
    result.body.resume();
  });

  it('applies the same refusals', async () => {
    const resolve = fakeDns({ 'internal.test': ['10.0.0.5'] });
    await expectFailure(createUrlFetcher({ resolve }).stream('http://internal.test/'), 'refused');
    expect(connects).toEqual([]);
  });

  it('errors the body when it grows too large', async () => {
    const result = await loopbackOnly().stream(`${base()}/chunked-large`, { maxBytes: 2500 });
    const chunks: Buffer[] = [];
    const error = await (async () => {
      for await (const chunk of result.body) chunks.push(chunk as Buffer);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlFetchError);
    expect((error as UrlFetchError).kind).toBe('too-large');
    expect(Buffer.concat(chunks).length).toBeLessThanOrEqual(2500);
  });

  it('errors the body when the deadline passes mid-stream', async () => {
    const result = await loopbackOnly().stream(`${base()}/stall-body`, { timeoutMs: 300 });
    const error = await (async () => {
      for await (const _chunk of result.body) {
        // keep reading until the deadline cuts the stream
      }
    })().catch((e: unknown) => e);
    expect((error as UrlFetchError).kind).toBe('timeout');
  });

  it('refuses a type the caller does not accept, and a declared size over the limit', async () => {
    await expectFailure(
      loopbackOnly().stream(`${base()}/html`, { accept: (t) => t === 'image/png' }),
      'wrong-type',
    );
    await expectFailure(loopbackOnly().stream(`${base()}/declared-large`, { maxBytes: 100 }), 'too-large');
  });
});
