import type { Db } from '../db/client.js';
import { deleteCounter, deleteCountersOlderThan, hitCounter } from './throttle.repository.js';

/**
 * Fixed-window counters in the database (shared by every server process).
 * `hit` counts one event and answers the count in the current window.
 */
export function createThrottle(db: Db) {
  return {
    async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
      const row = await hitCounter(db, key, windowMs);
      return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
    },
    reset: (key: string) => deleteCounter(db, key),
    /** Old windows are dead weight; cheap to drop now and then. */
    prune: (olderThanMs: number) => deleteCountersOlderThan(db, olderThanMs),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
