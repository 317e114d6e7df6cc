import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import type { ExpensiveCalls } from '../../lib/expensive-calls.js';
import { decoderFor, type StreamResult, UrlFetchError, type UrlFetcher } from '../../lib/url-fetch/index.js';
import type { ProxiedRequest } from './layer-sources.service.js';
import type { LayersService } from './layers.service.js';
import {
  isTextual,
  matchesSignature,
  passedMediaType,
  proxiedAnswerHeaders,
  signatureLength,
  withoutSecrets,
} from './proxy-answer.js';

/** Headers of the upstream answer the browser may see besides the type; cookies and the rest stay behind. */
const passed = ['content-length', 'content-encoding', 'etag', 'last-modified'];
const maxBytes = 50 * 1024 * 1024;
/** A text read whole to clean it of credentials (a capabilities document, a JSON answer). */
const maxTextBytes = 20 * 1024 * 1024;

const header = (answer: StreamResult, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * `GET /api/layers/{id}/proxy/{capability}/{path}`: a layer's tiles, features or
 * metadata fetched by this server with the data source's credentials (docs/adr/0006).
 * Not a JSON endpoint, so it is not in the contract's table: the answer is the upstream
 * service's, streamed — if it is of a type the layer's kind needs, and never as something
 * a browser would run on this origin (proxy-answer.ts).
 */
export function layerProxyRoute(
  app: FastifyInstance,
  deps: { layers: LayersService; fetcher: UrlFetcher; calls: ExpensiveCalls },
) {
  app.get<{ Params: { id: string; capability: string; '*': string } }>(
    '/api/layers/:id/proxy/:capability/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const upstream = await deps.layers.proxyRequest(
        id,
        request.params.capability,
        request.params['*'],
        query,
      );
      // Held until the answer is sent or the browser goes away: one reader's map cannot tie up the rest.
      // A share link has as many readers as people who opened it: each client address is one.
      const reader = upstream.reader.startsWith('share:')
        ? `${upstream.reader}@${request.ip}`
        : upstream.reader;
      const slot = deps.calls.acquire({ user: reader, account: upstream.account });
      reply.raw.once('close', slot.release);
      let answer: StreamResult;
      try {
        answer = await deps.fetcher.stream(upstream.url, {
          headers: upstream.headers,
          timeoutMs: 30_000,
          maxBytes,
        });
      } catch (error) {
        throw unreachable(error);
      }
      return relay(reply, upstream, query, answer);
    },
  );
}

function unreachable(error: unknown) {
  if (error instanceof UrlFetchError)
    return new HttpError(502, `The layer's service could not be reached: ${error.message}`);
  return error;
}

async function relay(reply: FastifyReply, upstream: ProxiedRequest, query: string, answer: StreamResult) {
  const status = answer.status < 500 ? answer.status : 502;
  const upstreamType = header(answer, 'content-type');
  const type = passedMediaType(upstream.kind, upstreamType, query);
  if (!type) {
    answer.body.destroy();
    // An error page of the service (HTML, mostly) says no more than its status.
    if (status >= 400) throw new HttpError(status, `The layer's service answered ${answer.status}.`);
    throw new HttpError(
      502,
      `The layer's service answered with content of type ${upstreamType || 'unknown'}, which this layer cannot use.`,
    );
  }
  reply.code(status);
  reply.headers(proxiedAnswerHeaders(type, upstreamType));
  // The answer was fetched with someone's credentials: never a shared cache's.
  reply.header('cache-control', 'private, max-age=300');
  const encoding = header(answer, 'content-encoding');
  const encoded = encoding !== undefined && encoding.toLowerCase() !== 'identity';

  if (isTextual(type) && upstream.secrets.length > 0) {
    // A text may echo the request, credentials included: read it whole, decoded, and clean it.
    const text = await readText(answer, encoding).catch((error: unknown) => {
      throw unreachable(error);
    });
    return reply.send(withoutSecrets(text, upstream.secrets));
  }
  for (const name of passed) {
    const value = header(answer, name);
    if (value !== undefined) reply.header(name, value);
  }
  if (!type.startsWith('image/') || encoded) return reply.send(answer.body);
  const { head, body } = await peek(answer.body, signatureLength).catch((error: unknown) => {
    throw unreachable(error);
  });
  if (!matchesSignature(type, head)) {
    body.destroy();
    throw new HttpError(502, `The layer's service answered with content that is not the ${type} it claims.`);
  }
  return reply.send(body);
}

async function readText(answer: StreamResult, encoding: string | undefined): Promise<string> {
  const decoder = decoderFor(encoding);
  const source = decoder ? answer.body.pipe(decoder) : answer.body;
  answer.body.on('error', (error) => decoder?.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxTextBytes) throw new UrlFetchError('too-large', 'The answer is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The first `length` bytes of a stream, and the stream again from its start. */
async function peek(stream: Readable, length: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < length && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      chunks.push(next.value);
      size += next.value.length;
    }
  }
  const head = Buffer.concat(chunks);
  async function* again() {
    yield head;
    if (done) return;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, body: Readable.from(again()) };
}
