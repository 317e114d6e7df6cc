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
 * Who may call an endpoint (OWASP ASVS V8.2, as GitLab's policy tables do): one rule per
 * entry, checked by the server's access matrix (server/src/access-matrix.api.test.ts),
 * which derives every caller's expected answer from it. "Denied" answers, by rule:
 */
export type EndpointAccess =
  /** Anyone, no login needed (identity calls, the site, the type list, health): never 401/403. */
  | 'public'
  /** Any login; reads and writes only the caller's own things (another account's id in a filter or body: nothing, or 400). No login: 401. */
  | 'signed-in'
  /** A login whose own user (or profile) the path's `:id` names; any other id: 404. No login: 401. */
  | 'self'
  /** The admin of the account the path names, or that owns the data source or user group it names; anyone else: 404. No login: 401. */
  | 'account-admin'
  /** View rights on the workspace (invited, editor, admin, demo), or `?token=` a live share link; no rights or a dead link: 404. No login nor token: 401. */
  | 'workspace-viewer'
  /** Edit rights on the workspace (its admin and editors); viewers: 403; anyone else: 404. No login: 401. */
  | 'workspace-editor'
  /** The workspace's admin; editors and viewers: 403; anyone else: 404. No login: 401. */
  | 'workspace-admin'
  /** The invitation's workspace's admin and editors, or the invitee (declining); viewers: 403; anyone else: 404. No login: 401. */
  | 'invitee-or-workspace-editor';

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
  /** Who may call it, and what everyone else gets. */
  access: EndpointAccess;
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
