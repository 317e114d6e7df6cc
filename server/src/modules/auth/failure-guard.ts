import { HttpError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Counts failed passwords and codes per username (not per address: attackers rotate
 * addresses, colleagues share one). At the limit every attempt is refused, a correct
 * one too, until the window has passed.
 */
export function createFailureGuard(throttle: Throttle) {
  const key = (username: string) => `auth-fail:${username.toLowerCase()}`;
  return {
    async assertAllowed(username: string, shape: 'error' | 'detail') {
      if ((await throttle.peek(key(username), FAILURE_WINDOW_MS)) >= FAILURE_LIMIT) {
        const message = 'Too many failed attempts. Try again in 15 minutes.';
        throw new HttpError(429, message, shape === 'error' ? { error: message } : { detail: message }, {
          'Retry-After': String(FAILURE_WINDOW_MS / 1000),
        });
      }
    },
    async recordFailure(username: string) {
      await throttle.hit(key(username), FAILURE_WINDOW_MS);
    },
    async clear(username: string) {
      await throttle.reset(key(username));
    },
  };
}
export type FailureGuard = ReturnType<typeof createFailureGuard>;
