import { paths } from '@geows/contract';
import { matchRoutes } from 'react-router';

const routes = Object.values(paths).map((path) => ({ path }));

/** The pattern analytics receive for an unknown path. */
export const notFoundPattern = '/404';

/**
 * The route pattern of a path, e.g. '/password-reset/12/abc' → '/password-reset/:uid/:token',
 * so the tokens in share, reset and activation links never leave the browser.
 * Uses the router's own ranking, so '/workspace/create' beats '/workspace/:id'.
 */
export function routePattern(pathname: string): string {
  const match = matchRoutes(routes, pathname)?.[0];
  return match?.route.path ?? notFoundPattern;
}

/** Routes whose pages must not load third-party scripts (their URLs hold secrets). */
const sensitivePatterns = new Set<string>([
  paths.publicWorkspace,
  paths.reset,
  paths.passwordReset,
  paths.activate,
  paths.activation,
]);

export const isSensitivePattern = (pattern: string) => sensitivePatterns.has(pattern);
