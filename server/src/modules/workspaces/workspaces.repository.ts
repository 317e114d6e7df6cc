import { datasourceTypeByKey, elevationDatasourceTypeKeys } from '@geows/contract';
import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isEmbedded, isoTimestamp, leanRead } from '../../db/lean-read.js';
import {
  datasources,
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

/** The columns of a listed workspace (ListedWorkspace without its editors), the plan joined. */
const listedColumns = `w.id, w.name, w.description, w.admin_id as "adminId", w.account_id as "accountId",
  w.plan_id as "planId", w.version, p.name as "planName", w.camera::text as camera,
  w.workspace_plugins::text as "workspacePlugins"`;

/**
 * Which workspaces a list holds: one account's, for its admin only (anyone else gets
 * none); without an account, those the user administers or edits.
 */
export type WorkspaceListFilter = { userId: number; accountId?: number | undefined };

/** One account's rows, for its admin only: `$1` the account, `$2` the caller. */
const ofAccount = 'join accounts a on a.id = w.account_id where w.account_id = $1 and a.admin_id = $2';
/** The rows the caller (`$1`) administers or edits. */
const ofUser =
  'where w.admin_id = $1 or w.id in (select workspace_id from workspace_editors where user_id = $1)';
const withPlan = 'from workspaces w left join plans p on p.id = w.plan_id';

type ListedRow = Omit<ListedWorkspace, 'editorIds'>;
/** A page as one row: its rows and their editors as JSON text, and the list's count. */
type ListedPage = { rows: string | null; editors: string | null; total: number };

/**
 * On the embedded database, a page of a list, its editors and the list's count in one
 * statement, the rows as one JSON text rather than as 100 rows of ten columns: PGlite reads
 * each value of an answer in JavaScript and the rows are copied to the server's thread, which
 * took longer than printing and parsing the JSON (a third of the list's time on the database
 * thread), and it was three round trips. On PostgreSQL, printing the camera and plugin text as
 * JSON strings cost the database 3 ms a page (ten times the page itself): rows there.
 */
const jsonPageStatement = (filter: string, limit: string, offset: string) =>
  `with page as (select ${listedColumns} ${withPlan} ${filter} order by w.id limit ${limit} offset ${offset})
   select (select json_agg(page order by page.id)::text from page) as rows,
     (select json_agg(json_build_array(e.workspace_id, e.user_id))::text from workspace_editors e
      where e.workspace_id = any(array(select id from page))) as editors,
     (select count(*)::int from workspaces w ${filter}) as total`;
const jsonPageOfAccount = leanRead<ListedPage>(
  'workspaces_of_account_json',
  jsonPageStatement(ofAccount, '$3', '$4'),
);
const jsonPageOfUser = leanRead<ListedPage>('workspaces_of_user_json', jsonPageStatement(ofUser, '$2', '$3'));

const pageOfAccount = leanRead<ListedRow>(
  'workspaces_of_account',
  `select ${listedColumns} ${withPlan} ${ofAccount} order by w.id limit $3 offset $4`,
);
const pageOfUser = leanRead<ListedRow>(
  'workspaces_of_user',
  `select ${listedColumns} ${withPlan} ${ofUser} order by w.id limit $2 offset $3`,
);
const countOfAccount = leanRead<{ total: number }>(
  'workspaces_of_account_count',
  `select count(*)::int as total from workspaces w ${ofAccount}`,
);
const countOfUser = leanRead<{ total: number }>(
  'workspaces_of_user_count',
  `select count(*)::int as total from workspaces w ${ofUser}`,
);
const editorsOfWorkspaces = leanRead<{ workspaceId: number; userId: number }>(
  'editors_of_workspaces',
  'select workspace_id as "workspaceId", user_id as "userId" from workspace_editors where workspace_id = any($1::int[])',
);

/** Rows with their editors; the editors grouped once (a page may hold 1,000 workspaces). */
function withEditorIds(rows: ListedRow[], editors: Iterable<[number, number]>): ListedWorkspace[] {
  const editorIds = new Map<number, number[]>();
  for (const [workspaceId, userId] of editors) {
    const ids = editorIds.get(workspaceId);
    if (ids) ids.push(userId);
    else editorIds.set(workspaceId, [userId]);
  }
  return rows.map((row) => ({ ...row, editorIds: editorIds.get(row.id) ?? [] }));
}

/**
 * A page of a list, oldest (lowest id) first, with plans and editors, and the list's count when
 * the same statement told it (else undefined: `countWorkspaces` says). On PostgreSQL the
 * editors are a second query for the whole page (an editors subquery per row measured three
 * times slower for a page of 100 on the embedded database).
 */
export async function listWorkspaces(
  db: Db,
  { userId, accountId }: WorkspaceListFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ListedWorkspace[]; total: number | undefined }> {
  if (isEmbedded(db)) {
    const [page] =
      accountId === undefined
        ? await jsonPageOfUser(db, [userId, limit, offset])
        : await jsonPageOfAccount(db, [accountId, userId, limit, offset]);
    if (!page?.rows) return { rows: [], total: page?.total };
    const editors = page.editors === null ? [] : (JSON.parse(page.editors) as [number, number][]);
    return { rows: withEditorIds(JSON.parse(page.rows) as ListedRow[], editors), total: page.total };
  }
  const rows =
    accountId === undefined
      ? await pageOfUser(db, [userId, limit, offset])
      : await pageOfAccount(db, [accountId, userId, limit, offset]);
  if (rows.length === 0) return { rows: [], total: undefined };
  const editors = await editorsOfWorkspaces(db, [rows.map((r) => r.id)]);
  return {
    rows: withEditorIds(
      rows,
      editors.map(({ workspaceId, userId }) => [workspaceId, userId] as [number, number]),
    ),
    total: undefined,
  };
}

export async function countWorkspaces(db: Db, { userId, accountId }: WorkspaceListFilter): Promise<number> {
  const [row] =
    accountId === undefined ? await countOfUser(db, [userId]) : await countOfAccount(db, [accountId, userId]);
  return row?.total ?? 0;
}

type WorkspaceWithRelationRow = Omit<WorkspaceRow, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
  planName: string | null;
  editorIds: number[];
  invited: boolean;
  demo: boolean;
};
const workspaceWithRelation = leanRead<WorkspaceWithRelationRow>(
  'workspace_with_relation',
  `select w.id, w.account_id as "accountId", w.admin_id as "adminId", w.name, w.description,
     w.plan_id as "planId", w.camera, w.workspace_plugins as "workspacePlugins", w.version,
     ${isoTimestamp('w.created_at')} as "createdAt", ${isoTimestamp('w.updated_at')} as "updatedAt",
     p.name as "planName",
     coalesce((select array_agg(e.user_id) from workspace_editors e where e.workspace_id = w.id), '{}') as "editorIds",
     exists (select 1 from invitations i where i.workspace_id = w.id and lower(i.email) = $2) as invited,
     exists (select 1 from demo_assignments d where d.user_id = $3 and d.workspace_id = w.id) as demo
   from workspaces w left join plans p on p.id = w.plan_id
   where w.id = $1`,
);

/**
 * The workspace with everything the policy needs to decide the caller's rights, in one
 * query: it runs before almost every call on a workspace or its layers.
 */
export async function findWorkspaceWithRelation(db: Db, id: number, caller: { id: number; email: string }) {
  const [found] = await workspaceWithRelation(db, [id, caller.email.toLowerCase(), caller.id]);
  if (!found) return undefined;
  const { invited, demo, createdAt, updatedAt, ...row } = found;
  const workspace: WorkspaceWithPlan = {
    ...row,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  };
  return {
    workspace,
    relation: { adminId: workspace.adminId, editorIds: workspace.editorIds, invited, demo },
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

export type FirstLayer = { name: string; template: string };

/** A new workspace as its create answers it: without timestamps, which that answer does not show. */
export type CreatedWorkspace = Omit<WorkspaceWithPlan, 'createdAt' | 'updatedAt'>;
/** What the database adds to what the caller sent (migration 0010's `workspace_create`). */
type CreatedRow = Pick<
  WorkspaceWithPlan,
  'id' | 'planId' | 'planName' | 'camera' | 'workspacePlugins' | 'version'
>;
/**
 * `$1` the account, `$2` the caller: the row is inserted only when the caller administers
 * the account, so the check costs no round trip of its own; a missing account and someone
 * else's give no row alike, as the API answers both the same. The statements are the
 * database's own function (migration 0010), whose plans it keeps: planning them on every
 * create was 40 % of a create's time on the embedded database's thread.
 */
const workspaceWithLayer = leanRead<CreatedRow>(
  'create_workspace',
  'select * from workspace_create($1::integer, $2::integer, $3::text, $4::text, $5::jsonb, $6::jsonb, $7::text, $8::jsonb)',
);

/**
 * A new workspace of an account its caller administers, on the default plan, with its first
 * layer, in one statement: atomic without a transaction, and one round trip for the account
 * check and both inserts (a transaction of BEGIN, two inserts and COMMIT took twice as long;
 * the account read before it was a round trip more). Undefined when the caller does not
 * administer that account or it does not exist.
 */
export async function insertWorkspaceWithLayer(
  db: Db,
  values: Pick<NewWorkspace, 'accountId' | 'adminId' | 'name' | 'description'> & {
    camera: string;
    workspacePlugins: string;
  },
  layer: FirstLayer,
): Promise<CreatedWorkspace | undefined> {
  const [row] = await workspaceWithLayer(db, [
    values.accountId,
    values.adminId,
    values.name,
    values.description,
    values.camera,
    values.workspacePlugins,
    layer.name,
    layer.template,
  ]);
  if (!row) return undefined;
  // Account, admin, name and description are stored as sent; a new workspace has no editors yet.
  const { accountId, adminId, name, description } = values;
  return { ...row, accountId, adminId, name, description, editorIds: [] };
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
