import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './target.js';

export type HopRequest = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: Buffer | undefined;
};

/**
 * Sends one request to a checked target. The socket's `lookup` answers the
 * addresses that were checked, so there is no second DNS query an attacker's
 * name server could answer differently (DNS rebinding). The URL's host name
 * still names the request: Host header, TLS SNI and certificate check.
 */
export function sendRequest(
  target: Target,
  request: HopRequest,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) {
      // Node's happy-eyeballs connect asks for all of them; each one was checked.
      const all: LookupAddress[] = target.addresses.map(({ address, family }) => ({ address, family }));
      callback(null, all);
    } else {
      const [first] = target.addresses;
      if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error('No address to connect to.'), { code: 'ENOTFOUND' }), '');
    }
  };

  const https_ = target.url.protocol === 'https:';
  const headers = { ...request.headers };
  if (request.body) headers['content-length'] = String(request.body.length);

  return new Promise((resolve, reject) => {
    const req = (https_ ? https : http).request({
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method,
      headers,
      lookup: pinned,
      ...(https_ && !target.isLiteral ? { servername: target.hostname } : {}),
      // No pooled sockets: a kept-alive connection must never outlive the check that allowed it.
      agent: false,
      signal,
    });
    req.once('response', resolve);
    // `on`, not `once`: a request can error again after the response (an abort mid-body).
    req.on('error', reject);
    req.end(request.body);
  });
}
