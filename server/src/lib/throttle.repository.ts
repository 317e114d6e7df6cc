import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

/**
 * Counts one event in the key's fixed window, starting a new window once the old one
 * has passed, in one atomic statement (parallel requests cannot both see a low count).
 */
export async function hitCounter(db: Db, key: string, windowMs: number) {
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
  return row;
}

export async function deleteCounter(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function deleteCountersOlderThan(db: Db, olderThanMs: number) {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${olderThanMs / 1000})`);
}
