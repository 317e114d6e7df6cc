import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accounts,
  demoAssignments,
  invitations,
  layers,
  plans,
  workspaceEditors,
  workspaces,
} from '../../db/schema.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceWithPlan = WorkspaceRow & { planName: string | null; editorIds: number[] };

async function withPlansAndEditors(db: Db, rows: WorkspaceRow[]): Promise<WorkspaceWithPlan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const editors = await db.select().from(workspaceEditors).where(inArray(workspaceEditors.workspaceId, ids));
  const planRows = await db.select().from(plans);
  return rows.map((row) => ({
    ...row,
    planName: planRows.find((p) => p.id === row.planId)?.name ?? null,
    editorIds: editors.filter((e) => e.workspaceId === row.id).map((e) => e.userId),
  }));
}

export async function listWorkspacesOfAccount(db: Db, accountId: number, adminId: number) {
  const rows = await db
    .select({ w: workspaces })
    .from(workspaces)
    .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
    .where(and(eq(workspaces.accountId, accountId), eq(accounts.adminId, adminId)))
    .orderBy(asc(workspaces.id));
  return withPlansAndEditors(
    db,
    rows.map((r) => r.w),
  );
}

/** Workspaces the user administers or edits. */
export async function listWorkspacesOfUser(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(workspaces)
    .where(
      sql`${workspaces.adminId} = ${userId} or ${workspaces.id} in (select workspace_id from workspace_editors where user_id = ${userId})`,
    )
    .orderBy(asc(workspaces.id));
  return withPlansAndEditors(db, rows);
}

/** The workspace with everything the policy needs to decide the caller's rights. */
export async function findWorkspaceWithRelation(db: Db, id: number, caller: { id: number; email: string }) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  if (!row) return undefined;
  const [full] = await withPlansAndEditors(db, [row]);
  const invited = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.workspaceId, id), sql`lower(${invitations.email}) = ${caller.email.toLowerCase()}`),
    )
    .limit(1);
  const demo = await db
    .select({ userId: demoAssignments.userId })
    .from(demoAssignments)
    .where(and(eq(demoAssignments.userId, caller.id), eq(demoAssignments.workspaceId, id)))
    .limit(1);
  if (!full) return undefined;
  return {
    workspace: full,
    relation: {
      adminId: row.adminId,
      editorIds: full.editorIds,
      invited: invited.length > 0,
      demo: demo.length > 0,
    },
  };
}

export async function insertWorkspace(
  db: Db,
  values: Pick<
    WorkspaceRow,
    'accountId' | 'adminId' | 'name' | 'description' | 'planId' | 'camera' | 'workspacePlugins'
  >,
) {
  const [row] = await db.insert(workspaces).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return (await withPlansAndEditors(db, [row]))[0] as WorkspaceWithPlan;
}

export async function deleteWorkspace(db: Db, id: number) {
  await db.delete(workspaces).where(eq(workspaces.id, id));
}

/** A deep copy: the workspace, its editors and its layer tree (parents remapped), in one transaction. */
export async function cloneWorkspace(db: Db, source: WorkspaceRow, name: string) {
  const id = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(workspaces)
      .values({
        accountId: source.accountId,
        adminId: source.adminId,
        name,
        description: source.description,
        planId: source.planId,
        camera: source.camera,
        workspacePlugins: source.workspacePlugins,
      })
      .returning();
    if (!copy) throw new Error('insert returned nothing');
    const editors = await tx
      .select()
      .from(workspaceEditors)
      .where(eq(workspaceEditors.workspaceId, source.id));
    if (editors.length > 0) {
      await tx
        .insert(workspaceEditors)
        .values(editors.map((e) => ({ workspaceId: copy.id, userId: e.userId })));
    }
    const tree = await tx
      .select()
      .from(layers)
      .where(eq(layers.workspaceId, source.id))
      .orderBy(asc(layers.id));
    const newIds = new Map<number, number>();
    // Parents first: a layer is copied once its parent has its new id.
    const pending = [...tree];
    while (pending.length > 0) {
      const index = pending.findIndex((l) => l.parentId === null || newIds.has(l.parentId));
      if (index < 0) break;
      const [layer] = pending.splice(index, 1);
      if (!layer) break;
      const [inserted] = await tx
        .insert(layers)
        .values({
          workspaceId: copy.id,
          parentId: layer.parentId === null ? null : (newIds.get(layer.parentId) ?? null),
          position: layer.position,
          name: layer.name,
          visible: layer.visible,
          dataSourceId: layer.dataSourceId,
          template: layer.template,
        })
        .returning({ id: layers.id });
      if (inserted) newIds.set(layer.id, inserted.id);
    }
    return copy.id;
  });
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return (await withPlansAndEditors(db, row ? [row] : []))[0] as WorkspaceWithPlan;
}
