import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Throttle } from './throttle.js';

/** @fastify/rate-limit's store interface over the database counters, so limits hold across processes. */
export function databaseRateLimitStore(throttle: Throttle): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      throttle.hit(`rl:${key}`, timeWindow).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}
