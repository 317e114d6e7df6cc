import { HttpError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Counts password and code attempts per username (not per address: attackers rotate
 * addresses, colleagues share one). The attempt is counted before it is checked, in
 * one atomic database update, so parallel guesses cannot slip past the limit; a
 * success clears the count. Past the limit every attempt is refused, a correct one
 * too, until the window has passed.
 */
export function createFailureGuard(throttle: Throttle) {
  const key = (username: string) => `auth-fail:${username.toLowerCase()}`;
  return {
    async attempt(username: string, shape: 'error' | 'detail') {
      const { count } = await throttle.hit(key(username), FAILURE_WINDOW_MS);
      if (count > FAILURE_LIMIT) {
        const message = 'Too many failed attempts. Try again in 15 minutes.';
        throw new HttpError(429, message, shape === 'error' ? { error: message } : { detail: message }, {
          'Retry-After': String(FAILURE_WINDOW_MS / 1000),
        });
      }
    },
    async clear(username: string) {
      await throttle.reset(key(username));
    },
  };
}
export type FailureGuard = ReturnType<typeof createFailureGuard>;
