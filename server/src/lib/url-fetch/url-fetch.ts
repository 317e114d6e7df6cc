import type { IncomingMessage } from 'node:http';
import { compileAllowHosts } from './allow-hosts.js';
import { announcedTooLarge, decoderFor, guardBody, readAll } from './body.js';
import { refused, timedOut, tooLarge, UrlFetchError, unreachable } from './errors.js';
import { type HopRequest, sendRequest } from './request.js';
import { defaultResolver, resolveTarget, type TargetPolicy } from './target.js';
import type { FetchOptions, FetchResult, Resolver, StreamResult, UrlFetcher } from './types.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const DEFAULT_HEADERS: Record<string, string> = {
  'user-agent': 'GeoWorkspaces/1.0',
  accept: '*/*',
  // Plain bytes by default: sizes are then what the limit says, and nothing needs decoding.
  'accept-encoding': 'identity',
};
/** Never taken from the caller: no cookies go out, the Host is the URL's, and the framing is ours. */
const DROPPED_HEADERS = new Set(['cookie', 'host', 'content-length', 'transfer-encoding', 'connection']);
/** Credentials meant for one origin must not follow a redirect to another (as fetch() does). */
const ORIGIN_BOUND_HEADERS = ['authorization', 'proxy-authorization'];

/**
 * The one way the server fetches a URL a user gave it: every hop's address is
 * checked (see address-policy.ts) and then connected to as checked.
 */
export function createUrlFetcher(options: { allowHosts?: string[]; resolve?: Resolver } = {}): UrlFetcher {
  const policy: TargetPolicy = {
    allowHost: compileAllowHosts(options.allowHosts ?? []),
    resolve: options.resolve ?? defaultResolver,
  };

  return {
    async fetch(url, fetchOptions = {}) {
      const deadline = createDeadline(fetchOptions);
      let res: IncomingMessage | undefined;
      try {
        const opened = await open(url, fetchOptions, policy, deadline.signal);
        res = opened.res;
        if (res.statusCode !== undefined && res.statusCode >= 400) {
          throw new UrlFetchError(
            'http-error',
            `The service answered with HTTP ${res.statusCode}.`,
            res.statusCode,
          );
        }
        checkType(res, fetchOptions);
        checkLength(res, fetchOptions);
        const decoder = decoderFor(headerValue(res.headers['content-encoding']));
        const body = await readAll(
          guardBody(res, { ...bodyOptions(fetchOptions, deadline.signal), decoder, onClose: () => {} }),
        );
        const headers = { ...res.headers };
        if (decoder) {
          // The bytes handed out are decoded: these headers would describe something else.
          delete headers['content-encoding'];
          delete headers['content-length'];
        }
        return { status: res.statusCode ?? 0, url: opened.finalUrl, headers, body } satisfies FetchResult;
      } catch (error) {
        // Also when a caller's `accept` throws: no socket stays open after a failure.
        res?.destroy();
        throw toFetchError(error, deadline.signal);
      } finally {
        deadline.dispose();
      }
    },

    async stream(url, fetchOptions = {}) {
      const deadline = createDeadline(fetchOptions);
      let res: IncomingMessage | undefined;
      try {
        const opened = await open(url, fetchOptions, policy, deadline.signal);
        res = opened.res;
        // An error page's type is the service's business; a proxy passes it on as it is.
        if ((res.statusCode ?? 0) < 400) checkType(res, fetchOptions);
        checkLength(res, fetchOptions);
        // The deadline keeps running until the body is done, so a stalled proxy stream ends too.
        const body = guardBody(res, {
          ...bodyOptions(fetchOptions, deadline.signal),
          decoder: undefined,
          onClose: deadline.dispose,
        });
        return {
          status: res.statusCode ?? 0,
          url: opened.finalUrl,
          headers: res.headers,
          body,
        } satisfies StreamResult;
      } catch (error) {
        res?.destroy();
        deadline.dispose();
        throw toFetchError(error, deadline.signal);
      }
    },
  };
}

/** Follows redirects by hand, so each hop goes through the same check as the first URL. */
async function open(url: string, options: FetchOptions, policy: TargetPolicy, signal: AbortSignal) {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw refused('The address is not a valid URL.');
  }
  const request: HopRequest = {
    method: options.method ?? 'GET',
    headers: requestHeaders(options.headers),
    body: typeof options.body === 'string' ? Buffer.from(options.body) : options.body,
  };

  for (let redirects = 0; ; redirects++) {
    const target = await resolveTarget(current, policy, signal);
    const res = await sendRequest(target, request, signal);
    const status = res.statusCode ?? 0;
    const location = REDIRECTS.has(status) ? headerValue(res.headers.location) : undefined;
    if (location === undefined) return { res, finalUrl: current.href };

    // Nothing of a redirect's body is wanted; closing beats draining an unknown amount.
    res.destroy();
    if (redirects >= maxRedirects) {
      throw refused(
        `The service redirected more than ${maxRedirects} ${maxRedirects === 1 ? 'time' : 'times'}.`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw refused('The service redirected to an address that is not a valid URL.');
    }
    if (status === 303 || ((status === 301 || status === 302) && request.method === 'POST')) {
      request.method = 'GET';
      request.body = undefined;
      delete request.headers['content-type'];
    }
    if (next.origin !== current.origin) {
      for (const name of ORIGIN_BOUND_HEADERS) delete request.headers[name];
    }
    current = next;
  }
}

function requestHeaders(given: Record<string, string> = {}): Record<string, string> {
  const headers = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(given)) {
    const key = name.toLowerCase();
    if (!DROPPED_HEADERS.has(key)) headers[key] = value;
  }
  return headers;
}

function checkType(res: IncomingMessage, options: FetchOptions) {
  if (!options.accept) return;
  const type = (headerValue(res.headers['content-type']) ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (options.accept(type)) return;
  throw new UrlFetchError(
    'wrong-type',
    type === ''
      ? 'The service answered without saying what type of content it sent.'
      : `The service answered with content of type ${type}, which is not accepted here.`,
  );
}

/** The cheap check first; guardBody still counts, since the header may be absent or lie. */
function checkLength(res: IncomingMessage, options: FetchOptions) {
  const maxBytes = maxBytesOf(options);
  if (announcedTooLarge(res, maxBytes)) throw tooLarge(maxBytes);
}

const maxBytesOf = (options: FetchOptions) => options.maxBytes ?? DEFAULT_MAX_BYTES;

const bodyOptions = (options: FetchOptions, signal: AbortSignal) => ({
  maxBytes: maxBytesOf(options),
  signal,
  mapError: (error: unknown) => toFetchError(error, signal),
});

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * One signal for the whole exchange: it fires with a 'timeout' error when the
 * time is up, or with the caller's reason when the caller's signal aborts.
 */
function createDeadline(options: FetchOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timedOut(timeoutMs)), timeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** Aborts win (the socket error they cause is a symptom); other socket-level errors mean unreachable. */
function toFetchError(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof UrlFetchError) return error;
  if (typeof (error as { code?: unknown } | null)?.code === 'string') return unreachable(error);
  return error;
}
