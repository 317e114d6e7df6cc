import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkAddress } from './address-policy.js';
import type { AllowHostMatcher } from './allow-hosts.js';
import { refused, UrlFetchError } from './errors.js';
import type { ResolvedAddress, Resolver } from './types.js';

/** One hop's destination: the URL and the addresses it was checked against, to connect to and nothing else. */
export type Target = {
  url: URL;
  /** As node:net wants it: IPv6 literals without brackets. */
  hostname: string;
  port: number;
  /** True for IP literals: no DNS, and no TLS server name (SNI forbids IP addresses). */
  isLiteral: boolean;
  addresses: ResolvedAddress[];
};

export type TargetPolicy = { allowHost: AllowHostMatcher; resolve: Resolver };

export const defaultResolver: Resolver = async (hostname) => {
  // verbatim: keep the resolver's order, so the first address is the one the system prefers.
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Checks a URL the way every hop is checked: scheme, userinfo, then one DNS
 * resolution whose every answer must be allowed (a mixed public and private
 * answer is refused: the system could pick either, and rebinding works that way).
 */
export async function resolveTarget(url: URL, policy: TargetPolicy, signal: AbortSignal): Promise<Target> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused(`Only http and https addresses can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('Addresses with a user name or password are not allowed.');
  }

  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const isLiteral = isIP(hostname) !== 0;
  const allowed = policy.allowHost(url.hostname, port);

  const addresses = isLiteral
    ? [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 } as const]
    : await resolveOnce(hostname, policy.resolve, signal);

  if (!allowed) {
    for (const { address } of addresses) {
      const verdict = checkAddress(address);
      if (verdict.allowed) continue;
      throw refused(
        isLiteral
          ? `The address ${hostname} is not allowed: it is ${verdict.reason}.`
          : // The resolved address stays unsaid: it would map the internal network for the user.
            `The host ${hostname} is not allowed: it resolves to ${verdict.reason}.`,
      );
    }
  }
  return { url, hostname, port, isLiteral, addresses };
}

async function resolveOnce(hostname: string, resolve: Resolver, signal: AbortSignal) {
  let answers: ResolvedAddress[];
  try {
    answers = await untilAborted(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new UrlFetchError('unreachable', `The host ${hostname} could not be found.`, undefined, {
      cause: error,
    });
  }
  // The family is recomputed rather than trusted; a non-IP answer could not be connected to anyway.
  const addresses = answers.map(({ address }) => ({ address, family: isIP(address) }));
  if (addresses.length === 0 || addresses.some((a) => a.family === 0)) {
    throw new UrlFetchError('unreachable', `The host ${hostname} could not be found.`);
  }
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }) as const);
}

/** A slow resolver must not outlive the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
