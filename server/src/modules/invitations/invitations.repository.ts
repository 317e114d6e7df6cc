import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, workspaces } from '../../db/schema.js';

const columns = {
  id: invitations.id,
  email: invitations.email,
  createdAt: invitations.createdAt,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
};
export type InvitationRow = {
  id: number;
  email: string;
  createdAt: Date;
  workspaceId: number;
  workspaceName: string;
};

/** Invitations addressed to an e-mail address, whether it had an account when invited or not. */
export async function listInvitationsForEmail(db: Db, email: string): Promise<InvitationRow[]> {
  return db
    .select(columns)
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(sql`lower(${invitations.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function listInvitationsOfWorkspace(db: Db, workspaceId: number): Promise<InvitationRow[]> {
  return db
    .select(columns)
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.workspaceId, workspaceId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
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
