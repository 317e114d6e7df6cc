import type { Endpoint } from '@geows/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request of an endpoint's handler: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/**
 * A handler answers the endpoint's body (the registrar sets the status; a 204 ignores it),
 * or the reply itself when it answered otherwise.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['status'] extends 204 ? unknown : z.input<E['response']> | FastifyReply>;

export type RouteOptions = {
  config?: FastifyContextConfig;
  /**
   * The handler answers exactly the response schema's shape, keys in its order, and nothing
   * more (its presenters say so; lib/lean-answers.api.test.ts checks each such endpoint): the
   * answer is printed as it is, without first being checked against the schema. For the reads
   * under the heaviest load, where checking a page of 100 objects took longer than printing it.
   */
  lean?: boolean;
};

const printAsIs = () => (data: unknown) => JSON.stringify(data);

/**
 * Registers routes from the contract's endpoint table, so a path, a method, a schema
 * and a status are written once (packages/contract). Endpoints that need a token are
 * authenticated in `onRequest`, before the body is even validated: a stranger learns
 * nothing about what a body should look like.
 */
export function endpointRegistrar(
  app: FastifyInstance,
  authenticate: (request: FastifyRequest) => Promise<unknown>,
) {
  return function register<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    options: RouteOptions = {},
  ) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(options.config ? { config: options.config } : {}),
      ...(options.lean ? { serializerCompiler: printAsIs } : {}),
      ...(endpoint.auth === 'token'
        ? {
            onRequest: async (request: FastifyRequest) => {
              await authenticate(request);
            },
          }
        : {}),
      schema: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.auth === 'none' ? {} : { security: [{ token: [] }] }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { [endpoint.status]: endpoint.response },
      },
      handler: (async (request, reply) => {
        const result = await handler(request as EndpointRequest<E>, reply);
        if (result === reply) return reply;
        return reply.code(endpoint.status).send(endpoint.status === 204 ? null : result);
      }) as RouteHandlerMethod,
    });
  };
}
export type RegisterEndpoint = ReturnType<typeof endpointRegistrar>;
