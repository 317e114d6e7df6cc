import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shareLinks } from '../../db/schema.js';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/** A page of a workspace's share links, oldest first. */
export async function listShareLinks(
  db: Db,
  workspaceId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<ShareLinkRow[]> {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.workspaceId, workspaceId))
    .orderBy(asc(shareLinks.id))
    .limit(limit)
    .offset(offset);
}

export async function countShareLinks(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(shareLinks)
    .where(eq(shareLinks.workspaceId, workspaceId));
  return row?.total ?? 0;
}

export async function insertShareLink(
  db: Db,
  values: Pick<
    ShareLinkRow,
    'workspaceId' | 'tokenHash' | 'tokenSealed' | 'label' | 'expiresAt' | 'createdById'
  >,
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The link deleted (its label, for the audit trail), or undefined when there was none. */
export async function deleteShareLink(
  db: Db,
  workspaceId: number,
  id: number,
): Promise<{ id: number; label: string } | undefined> {
  const [row] = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.workspaceId, workspaceId), eq(shareLinks.id, id)))
    .returning({ id: shareLinks.id, label: shareLinks.label });
  return row;
}

/**
 * The live link with this token hash (not expired), noting its use. One write a minute
 * at most: "last used" needs no finer grain, and a busy shared map should not write on
 * every tile request.
 */
export async function useShareLink(db: Db, tokenHash: string): Promise<ShareLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.tokenHash, tokenHash),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  if (row && (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)) {
    await db.update(shareLinks).set({ lastUsedAt: sql`now()` }).where(eq(shareLinks.id, row.id));
  }
  return row;
}
