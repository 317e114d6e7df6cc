import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { UrlFetchError, type UrlFetcher } from '../../lib/url-fetch/index.js';
import type { LayersService } from './layers.service.js';

/** Headers of the upstream answer the browser may see; cookies and the rest stay behind. */
const passed = ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified'];

/**
 * `GET /api/layers/{id}/proxy/{capability}/{path}`: a layer's tiles, features or
 * metadata fetched by this server with the data source's credentials (docs/adr/0006).
 * Not a JSON endpoint, so it is not in the contract's table: the answer is the upstream
 * service's, streamed.
 */
export function layerProxyRoute(app: FastifyInstance, deps: { layers: LayersService; fetcher: UrlFetcher }) {
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
      try {
        const answer = await deps.fetcher.stream(upstream.url, {
          headers: upstream.headers,
          timeoutMs: 30_000,
          maxBytes: 50 * 1024 * 1024,
        });
        reply.code(answer.status < 500 ? answer.status : 502);
        for (const name of passed) {
          const value = answer.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
        // The answer was fetched with someone's credentials: never a shared cache's.
        reply.header('cache-control', 'private, max-age=300');
        return reply.send(answer.body);
      } catch (error) {
        if (error instanceof UrlFetchError)
          throw new HttpError(502, `The layer's service could not be reached: ${error.message}`);
        throw error;
      }
    },
  );
}
