import { datasourceTypeByKey, elevationDatasourceTypeKeys } from '@geows/contract';
import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accounts,
  datasources,
  demoAssignments,
  invitations,
  layers,
  plans,
  shareLinks,
  users,
  workspaceEditors,
  workspaces,
} from '../../db/schema.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceWithPlan = WorkspaceRow & { planName: string | null; editorIds: number[] };
/**
 * A workspace as a list shows it: what the API returns and no more, with camera and plugins as
 * the JSON text the database prints (the API sends them as text: parsing them only to print
 * them again was a sixth of a list's time, and garbage on top).
 */
export type ListedWorkspace = Pick<
  WorkspaceWithPlan,
  'id' | 'name' | 'description' | 'adminId' | 'accountId' | 'planId' | 'version' | 'planName' | 'editorIds'
> & { camera: string; workspacePlugins: string };

/** The user ids of a workspace's editors, as a column of the workspace's row. */
const editorIdsOf = sql<
  number[]
>`coalesce((select array_agg(${workspaceEditors.userId}) from ${workspaceEditors} where ${workspaceEditors.workspaceId} = ${workspaces.id}), '{}')`;

/**
 * Workspaces with their plan's name (joined), then the editors of all of them in a second
 * query: two queries for any number of rows. (An editors subquery per row measured three
 * times slower for a page of 100 on the embedded database.)
 */
async function withEditors<T extends { id: number }>(
  db: Db,
  rows: T[],
): Promise<(T & { editorIds: number[] })[]> {
  if (rows.length === 0) return [];
  const editors = await db
    .select()
    .from(workspaceEditors)
    .where(
      inArray(
        workspaceEditors.workspaceId,
        rows.map((r) => r.id),
      ),
    );
  // Grouped once: a page may hold 1,000 workspaces.
  const editorIds = new Map<number, number[]>();
  for (const { workspaceId, userId } of editors) {
    const ids = editorIds.get(workspaceId);
    if (ids) ids.push(userId);
    else editorIds.set(workspaceId, [userId]);
  }
  return rows.map((row) => ({ ...row, editorIds: editorIds.get(row.id) ?? [] }));
}

/** The columns of a listed workspace (ListedWorkspace without its editors), the plan joined. */
function selectListedWorkspaces(db: Db) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      description: workspaces.description,
      adminId: workspaces.adminId,
      accountId: workspaces.accountId,
      planId: workspaces.planId,
      version: workspaces.version,
      planName: plans.name,
      camera: sql<string>`${workspaces.camera}::text`,
      workspacePlugins: sql<string>`${workspaces.workspacePlugins}::text`,
    })
    .from(workspaces)
    .leftJoin(plans, eq(plans.id, workspaces.planId));
}

/**
 * Which workspaces a list holds: one account's, for its admin only (anyone else gets
 * none); without an account, those the user administers or edits.
 */
export type WorkspaceListFilter = { userId: number; accountId?: number | undefined };

/** Narrows a select from `workspaces` to a list's rows; the page and its count share it. */
function listed<T extends PgSelect>(query: T, { userId, accountId }: WorkspaceListFilter) {
  if (accountId === undefined)
    return query.where(
      sql`${workspaces.adminId} = ${userId} or ${workspaces.id} in (select workspace_id from workspace_editors where user_id = ${userId})`,
    );
  return query
    .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
    .where(and(eq(workspaces.accountId, accountId), eq(accounts.adminId, userId)));
}

/** A page of a list, oldest (lowest id) first, with plans and editors: two queries for the whole page. */
export async function listWorkspaces(
  db: Db,
  filter: WorkspaceListFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<ListedWorkspace[]> {
  const rows = await listed(selectListedWorkspaces(db).$dynamic(), filter)
    .orderBy(asc(workspaces.id))
    .limit(limit)
    .offset(offset);
  return withEditors(db, rows);
}

export async function countWorkspaces(db: Db, filter: WorkspaceListFilter): Promise<number> {
  const [row] = await listed(db.select({ total: count() }).from(workspaces).$dynamic(), filter);
  return row?.total ?? 0;
}

/**
 * The workspace with everything the policy needs to decide the caller's rights, in one
 * query: it runs before almost every call on a workspace or its layers.
 */
export async function findWorkspaceWithRelation(db: Db, id: number, caller: { id: number; email: string }) {
  const [found] = await db
    .select({
      workspace: workspaces,
      planName: plans.name,
      editorIds: editorIdsOf,
      invited: sql<boolean>`exists (select 1 from ${invitations} where ${invitations.workspaceId} = ${workspaces.id} and lower(${invitations.email}) = ${caller.email.toLowerCase()})`,
      demo: sql<boolean>`exists (select 1 from ${demoAssignments} where ${demoAssignments.userId} = ${caller.id} and ${demoAssignments.workspaceId} = ${workspaces.id})`,
    })
    .from(workspaces)
    .leftJoin(plans, eq(plans.id, workspaces.planId))
    .where(eq(workspaces.id, id))
    .limit(1);
  if (!found) return undefined;
  const workspace: WorkspaceWithPlan = {
    ...found.workspace,
    planName: found.planName,
    editorIds: found.editorIds,
  };
  return {
    workspace,
    relation: {
      adminId: workspace.adminId,
      editorIds: workspace.editorIds,
      invited: found.invited,
      demo: found.demo,
    },
  };
}

export type NewWorkspace = Pick<
  WorkspaceRow,
  'accountId' | 'adminId' | 'name' | 'description' | 'planId' | 'camera' | 'workspacePlugins'
>;

export async function insertWorkspace(db: Db, values: NewWorkspace): Promise<WorkspaceWithPlan> {
  const [row] = await db.insert(workspaces).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  // A new workspace has no editors yet; its plan's name is all there is to add.
  const [plan] = row.planId === null ? [] : await db.select().from(plans).where(eq(plans.id, row.planId));
  return { ...row, planName: plan?.name ?? null, editorIds: [] };
}

export type FirstLayer = { name: string; template: Record<string, unknown> };

/**
 * A new workspace on the default plan with its first layer, in one statement: atomic without
 * a transaction, so the embedded database's single connection is held for one round trip
 * rather than across the four of BEGIN, two inserts and COMMIT (a create took twice as long).
 */
export async function insertWorkspaceWithLayer(
  db: Db,
  values: Omit<NewWorkspace, 'planId'>,
  layer: FirstLayer,
): Promise<WorkspaceWithPlan> {
  const defaultPlan = sql`(select ${plans.id} from ${plans} where ${plans.isDefault} order by ${plans.id} limit 1)`;
  const created = db.$with('created').as(
    db
      .insert(workspaces)
      .values({ ...values, planId: defaultPlan })
      .returning(),
  );
  const firstLayer = db.$with('first_layer', {}).as(
    sql`insert into ${layers} (workspace_id, parent_id, position, name, visible, template)
      select ${created.id}, null, 0, ${layer.name}, true, ${JSON.stringify(layer.template)}::jsonb from ${created}`,
  );
  const [row] = await db
    .with(created, firstLayer)
    .select()
    .from(created)
    .leftJoin(plans, eq(plans.id, created.planId));
  if (!row) throw new Error('insert returned nothing');
  return { ...row.created, planName: row.plans?.name ?? null, editorIds: [] };
}

export async function deleteWorkspace(db: Db, id: number) {
  await db.delete(workspaces).where(eq(workspaces.id, id));
}

export async function findWorkspace(db: Db, id: number): Promise<WorkspaceWithPlan | undefined> {
  const [found] = await db
    .select({ workspace: workspaces, planName: plans.name, editorIds: editorIdsOf })
    .from(workspaces)
    .leftJoin(plans, eq(plans.id, workspaces.planId))
    .where(eq(workspaces.id, id))
    .limit(1);
  return found ? { ...found.workspace, planName: found.planName, editorIds: found.editorIds } : undefined;
}

export async function copyEditors(db: Db, fromWorkspaceId: number, toWorkspaceId: number) {
  await db.execute(sql`
    insert into workspace_editors (workspace_id, user_id)
    select ${toWorkspaceId}, user_id from workspace_editors where workspace_id = ${fromWorkspaceId}`);
}

/** Replaces a workspace's plugins as they are, version and all: for a copy still being made. */
export async function setWorkspacePlugins(db: Db, id: number, plugins: Record<string, unknown>) {
  await db.update(workspaces).set({ workspacePlugins: plugins }).where(eq(workspaces.id, id));
}

/**
 * Applies a change made on `version`: one statement that both checks and bumps the
 * version, so two saves racing on the same version cannot both win. Undefined when
 * the version was stale (or the workspace is gone).
 */
export async function updateWorkspaceAtVersion(
  db: Db,
  id: number,
  version: number,
  changes: Partial<Pick<WorkspaceRow, 'name' | 'description' | 'camera' | 'workspacePlugins'>>,
): Promise<WorkspaceWithPlan | undefined> {
  const [row] = await db
    .update(workspaces)
    .set({ ...changes, version: sql`${workspaces.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(workspaces.id, id), eq(workspaces.version, version)))
    .returning();
  return row ? findWorkspace(db, row.id) : undefined;
}

/** A page of a workspace's editors, by username (the id breaks ties, so pages never overlap). */
export async function listEditors(
  db: Db,
  workspaceId: number,
  { limit, offset }: { limit: number; offset: number },
) {
  return db
    .select({ user: users.id, email: users.email, username: users.username })
    .from(workspaceEditors)
    .innerJoin(users, eq(users.id, workspaceEditors.userId))
    .where(eq(workspaceEditors.workspaceId, workspaceId))
    .orderBy(asc(users.username), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countEditors(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workspaceEditors)
    .where(eq(workspaceEditors.workspaceId, workspaceId));
  return row?.total ?? 0;
}

/** False when the user already was an editor. */
export async function addEditor(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(workspaceEditors)
    .values({ workspaceId, userId })
    .onConflictDoNothing()
    .returning({ userId: workspaceEditors.userId });
  return rows.length > 0;
}

export async function removeEditor(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(workspaceEditors)
    .where(and(eq(workspaceEditors.workspaceId, workspaceId), eq(workspaceEditors.userId, userId)))
    .returning({ userId: workspaceEditors.userId });
  return rows.length > 0;
}

/** Which of `ids` are layers of the workspace: the others are missing, or another workspace's. */
export async function layerIdsOfWorkspace(db: Db, workspaceId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: layers.id })
    .from(layers)
    .where(and(eq(layers.workspaceId, workspaceId), inArray(layers.id, ids)));
  return rows.map((row) => row.id);
}

const elevationTypeIds = elevationDatasourceTypeKeys.flatMap((key) => datasourceTypeByKey(key)?.id ?? []);

/**
 * Which of `ids` are elevation sources (`wcs`, `geotiff`, `cesium-terrain`) of the
 * account: the others are missing, another account's, or of a kind without heights.
 */
export async function elevationSourceIdsOfAccount(
  db: Db,
  accountId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: datasources.id })
    .from(datasources)
    .where(
      and(
        eq(datasources.accountId, accountId),
        inArray(datasources.id, ids),
        inArray(datasources.typeId, elevationTypeIds),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The dashboard address a workspace's plugins name (`bi.url`), read in the database:
 * undefined when the workspace is gone or names none. With `tokenHash`, only through a
 * live share link of that workspace (a read, not a use: `last_used` stays).
 */
export async function findDashboardUrl(
  db: Db,
  workspaceId: number,
  tokenHash?: string,
): Promise<string | undefined> {
  const url = sql<string | null>`${workspaces.workspacePlugins} -> 'bi' ->> 'url'`;
  const query = db.select({ url }).from(workspaces).$dynamic();
  const [row] = await (tokenHash === undefined
    ? query.where(eq(workspaces.id, workspaceId))
    : query
        .innerJoin(shareLinks, eq(shareLinks.workspaceId, workspaces.id))
        .where(
          and(
            eq(workspaces.id, workspaceId),
            eq(shareLinks.tokenHash, tokenHash),
            or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, sql`now()`)),
          ),
        )
  ).limit(1);
  return row?.url ?? undefined;
}
