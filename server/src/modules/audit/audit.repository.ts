import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

const newestFirst = [desc(auditEvents.occurredAt), desc(auditEvents.id)];

/** One INSERT and nothing else: it sits on the login path. */
export async function insertAuditEvent(db: Db, values: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(values);
}

export async function listEventsOfActor(db: Db, actorId: number, limit: number): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.actorId, actorId))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function listEventsOfAccount(
  db: Db,
  accountId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.accountId, accountId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export async function countEventsOfAccount(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditEvents)
    .where(eq(auditEvents.accountId, accountId));
  return row?.total ?? 0;
}

/** Oldest first from `since`, `afterId` continuing a previous batch: the operator's export. */
export async function listEventsForExport(
  db: Db,
  filter: { since: Date | undefined; accountId: number | undefined; afterId: number },
  limit: number,
): Promise<AuditEventRow[]> {
  const conditions = [gte(auditEvents.id, filter.afterId + 1)];
  if (filter.since) conditions.push(gte(auditEvents.occurredAt, filter.since));
  if (filter.accountId !== undefined) conditions.push(eq(auditEvents.accountId, filter.accountId));
  return db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(auditEvents.id)
    .limit(limit);
}

/** The housekeeping's pruning: events older than the retention go. */
export async function deleteEventsBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(auditEvents).where(lt(auditEvents.occurredAt, cutoff));
}
