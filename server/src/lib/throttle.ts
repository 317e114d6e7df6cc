import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

/**
 * Fixed-window counters in the database (shared by every server process).
 * `hit` counts one event and answers the count in the current window.
 */
export function createThrottle(db: Db) {
  async function hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
    const seconds = windowMs / 1000;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${seconds}) then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${seconds}) then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning();
    if (!row) throw new Error('rate limit upsert returned nothing');
    return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
  }

  /** The count in the current window without adding to it. */
  async function peek(key: string, windowMs: number): Promise<number> {
    const rows = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - make_interval(secs => ${windowMs / 1000})`,
      );
    return rows[0]?.count ?? 0;
  }

  async function reset(key: string) {
    await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /** Old windows are dead weight; cheap to drop now and then. */
  async function prune(olderThanMs: number) {
    await db
      .delete(rateLimits)
      .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${olderThanMs / 1000})`);
  }

  return { hit, peek, reset, prune };
}
export type Throttle = ReturnType<typeof createThrottle>;
