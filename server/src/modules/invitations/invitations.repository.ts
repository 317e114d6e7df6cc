import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, workspaces } from '../../db/schema.js';

const columns = {
  id: invitations.id,
  email: invitations.email,
  createdAt: invitations.createdAt,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  accountId: workspaces.accountId,
};
export type InvitationRow = {
  id: number;
  email: string;
  createdAt: Date;
  workspaceId: number;
  workspaceName: string;
  accountId: number;
};

/**
 * Which invitations a list holds: those addressed to an e-mail address (whether it had
 * an account when invited or not), or one workspace's.
 */
export type InvitationFilter = { email: string } | { workspaceId: number };

const whereListed = (filter: InvitationFilter): SQL =>
  'email' in filter
    ? sql`lower(${invitations.email}) = ${filter.email.toLowerCase()}`
    : eq(invitations.workspaceId, filter.workspaceId);

/** A page of invitations, newest first, each with its workspace's name: one query. */
export async function listInvitations(
  db: Db,
  filter: InvitationFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<InvitationRow[]> {
  return db
    .select(columns)
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(whereListed(filter))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit)
    .offset(offset);
}

export async function countInvitations(db: Db, filter: InvitationFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(invitations).where(whereListed(filter));
  return row?.total ?? 0;
}

export async function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.id, id))
    .limit(1);
  return row;
}

/** Undefined when the address is already invited to the workspace. */
export async function insertInvitation(
  db: Db,
  values: { workspaceId: number; email: string; inviterId: number },
) {
  const [row] = await db
    .insert(invitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  return row ? findInvitation(db, row.id) : undefined;
}

export async function deleteInvitation(db: Db, id: number) {
  await db.delete(invitations).where(and(eq(invitations.id, id)));
}
