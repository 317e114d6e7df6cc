import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a call authenticates: `token` needs `Authorization: Token …` (401 without);
 * `none` is called without the header (login, register, the site lookup, …);
 * `optional` works both ways and the service decides (a password reset by e-mailed
 * link, or a signed-in password change).
 */
export type EndpointAuth = 'token' | 'none' | 'optional';

/**
 * One HTTP call of the API, written once: the server registers its route from it
 * (validation, response serialisation, OpenAPI), the web calls it through it, and
 * the paths are the ones the product's clients use (with or without a trailing
 * slash: the server accepts both).
 */
export type Endpoint = {
  method: HttpMethod;
  /** Fastify/React Router style: `/api/accounts/:id`. */
  path: string;
  auth: EndpointAuth;
  /** The status of a successful answer. */
  status: 200 | 201 | 204;
  /** One line for the API docs. */
  summary: string;
  /** The OpenAPI group. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body of a successful answer (`z.null()` for 204). */
  response: z.ZodType;
};

/** Keeps the literal types of a definition (its path above all) while checking its shape. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The `:name` parameters of a path: `'/api/x/:id/y/:key'` → `'id' | 'key'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<PathParamNames<P>, string | number>;

/** The answer an endpoint's client receives. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
