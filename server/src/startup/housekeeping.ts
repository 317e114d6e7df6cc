import type { Db } from '../db/client.js';
import { deleteCountersOlderThan } from '../lib/throttle.repository.js';
import { deleteEventsBefore } from '../modules/audit/audit.repository.js';
import { deleteOldUserTokens, deleteTokensOlderThan } from '../modules/auth/auth.repository.js';
import { deleteExpiredChallenges } from '../modules/mfa/mfa.repository.js';

/**
 * Drops rows that can no longer mean anything: old throttle windows, finished or
 * expired login challenges and links, tokens past their absolute age, audit events past
 * their retention. Run now and then, so that a stream of junk requests cannot grow the
 * database without bound.
 */
export async function cleanUp(db: Db, tokenMaxAgeMs: number, auditRetentionDays: number) {
  await deleteCountersOlderThan(db, 86_400_000);
  await deleteExpiredChallenges(db);
  await deleteOldUserTokens(db, 30);
  await deleteTokensOlderThan(db, tokenMaxAgeMs);
  await deleteEventsBefore(db, new Date(Date.now() - auditRetentionDays * 86_400_000));
}
