import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Drops rows that can no longer mean anything: old throttle windows, finished or
 * expired login challenges and links, tokens past their absolute age. Run now and then,
 * so that a stream of junk requests cannot grow the database without bound.
 */
export async function cleanUp(db: Db, tokenMaxAgeMs: number) {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  await db.execute(sql`delete from mfa_challenges where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from user_tokens where expires_at < now() - interval '30 days'`);
  await db.execute(
    sql`delete from auth_tokens where created_at < now() - make_interval(secs => ${tokenMaxAgeMs / 1000})`,
  );
}
