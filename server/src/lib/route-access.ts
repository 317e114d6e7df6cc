import { allEndpoints, type EndpointAccess } from '@geows/contract';
import { isApiPath } from './errors.js';

/**
 * The rules of the routes outside the contract's endpoint table: what is no JSON endpoint
 * (the layer proxy streams a service's answer, the operator's backup a file), or is kept
 * out of the API docs on purpose. With the contract's `access`, every route the server
 * registers has exactly one declared rule (checked by server/src/access-matrix.api.test.ts).
 */
export type RouteAccess =
  | EndpointAccess
  /** `npm run admin` talking to the server that holds DATA_DIR: loopback and the operator secret; anyone else: 404. */
  | 'operator'
  /** A signed, expiring grant for the layer in the path (otherwise 403), whose login or share link must still see it (otherwise 404). */
  | 'layer-capability';

const hiddenRoutes: Record<string, RouteAccess> = {
  'POST /api/operator': 'operator',
  'POST /api/operator/backup': 'operator',
  'GET /api/layers/:id/proxy/:capability/*': 'layer-capability',
  // The OpenAPI document describes the public contract, nothing of anyone's data.
  'GET /api/docs': 'public',
};

const contractRoutes = new Map(allEndpoints.map((e) => [`${e.method} ${e.path}`, e.access]));

/**
 * The declared rule of a registered route, or undefined when it has none. HEAD follows GET;
 * every path outside the API (the web app's pages and its built files) is public.
 */
export function routeAccess(method: string, url: string): RouteAccess | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  const declared = contractRoutes.get(key) ?? hiddenRoutes[key];
  if (declared) return declared;
  if ((method === 'GET' || method === 'HEAD') && !isApiPath(url)) return 'public';
  return undefined;
}
