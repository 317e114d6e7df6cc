import type { LibraryOrdering } from '@geows/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { leanRead } from '../../db/lean-read.js';
import {
  accounts,
  datasources,
  layers,
  layerUserGroups,
  userGroupMembers,
  userGroups,
  workspaces,
} from '../../db/schema.js';

/**
 * Copies a workspace's whole layer tree into another workspace in one statement: new
 * ids are drawn for every layer first, so each copy can point at its parent's copy
 * whatever the depth. A layer whose parent is not in the same workspace (the schema
 * does not forbid it) is kept, at the top level, rather than lost. Returns each old
 * layer id's copy, for what names layers by id (the workspace's plugins).
 */
export async function copyLayerTree(
  db: Db,
  fromWorkspaceId: number,
  toWorkspaceId: number,
): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    with ids as materialized (
      select id as old_id, nextval(pg_get_serial_sequence('layers', 'id'))::int as new_id
      from layers
      where workspace_id = ${fromWorkspaceId}
    ), copied as (
      insert into layers (id, workspace_id, parent_id, position, name, visible, data_source_id, template)
      select ids.new_id, ${toWorkspaceId}, parent.new_id, l.position, l.name, l.visible, l.data_source_id, l.template
      from layers l
      join ids on ids.old_id = l.id
      left join ids parent on parent.old_id = l.parent_id
    )
    select old_id, new_id from ids`);
  // Both drivers answer raw SQL with `{rows}`; Drizzle's shared type does not say so.
  const { rows } = result as unknown as { rows: { old_id: number; new_id: number }[] };
  return new Map(rows.map((row) => [Number(row.old_id), Number(row.new_id)]));
}

/**
 * Takes the workspace's row lock for the rest of the transaction: every change to its
 * layer tree takes it first, so they run one after another and each reads the tree the
 * previous one left (a cycle check or a renumbering on a stale read would be wrong).
 * `no key update` leaves the row's key free: rows pointing at the workspace (share
 * links, editors) can still be added meanwhile. False when the workspace is gone.
 */
export async function lockWorkspaceTree(db: Db, workspaceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  return rows.length > 0;
}

export type LayerRow = {
  id: number;
  workspaceId: number;
  parentId: number | null;
  position: number;
  name: string;
  visible: boolean;
  dataSourceId: number | null;
  template: Record<string, unknown>;
  userGroups: number[];
};

const layerColumns = {
  id: layers.id,
  workspaceId: layers.workspaceId,
  parentId: layers.parentId,
  position: layers.position,
  name: layers.name,
  visible: layers.visible,
  dataSourceId: layers.dataSourceId,
  template: layers.template,
  userGroups: sql<number[]>`coalesce((
    select array_agg(g.group_id order by g.group_id) from ${layerUserGroups} g where g.layer_id = ${layers.id}
  ), '{}')`,
};

/** Every layer of a workspace with its groups, siblings in order: the tree is built from this. */
export async function listWorkspaceLayers(db: Db, workspaceId: number): Promise<LayerRow[]> {
  const rows = await db
    .select(layerColumns)
    .from(layers)
    .where(eq(layers.workspaceId, workspaceId))
    .orderBy(asc(layers.position), asc(layers.id));
  return rows.map(normaliseGroups);
}

const layersOfWorkspace = leanRead<LayerRow>(
  'layers_of_workspace',
  `select l.id, l.workspace_id as "workspaceId", l.parent_id as "parentId", l.position, l.name, l.visible,
     l.data_source_id as "dataSourceId", l.template,
     coalesce((select array_agg(g.group_id order by g.group_id) from layer_user_groups g where g.layer_id = l.id), '{}')
       as "userGroups"
   from layers l where l.workspace_id = $1 order by l.position, l.id`,
);

/** `listWorkspaceLayers` for the tree's read, outside a transaction: each map opened reads it. */
export async function readWorkspaceLayers(db: Db, workspaceId: number): Promise<LayerRow[]> {
  return (await layersOfWorkspace(db, [workspaceId])).map(normaliseGroups);
}

export async function findLayer(db: Db, id: number): Promise<LayerRow | undefined> {
  const [row] = await db.select(layerColumns).from(layers).where(eq(layers.id, id)).limit(1);
  return row && normaliseGroups(row);
}

export async function insertLayer(db: Db, values: Omit<LayerRow, 'id' | 'userGroups'>): Promise<number> {
  const [row] = await db.insert(layers).values(values).returning({ id: layers.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/**
 * Inserts a layer and its groups; answers the row as stored (the template as the database
 * keeps it), so that the caller can present it without reading it back.
 */
export async function insertLayerWithGroups(
  db: Db,
  values: Omit<LayerRow, 'id' | 'userGroups'>,
  groupIds: number[],
): Promise<LayerRow> {
  const { userGroups: _, ...columns } = layerColumns;
  const [row] = await db.insert(layers).values(values).returning(columns);
  if (!row) throw new Error('insert returned nothing');
  // A new layer has no groups yet: insert them, with nothing to delete first.
  const userGroups = [...new Set(groupIds)].sort((a, b) => a - b);
  if (userGroups.length > 0)
    await db.insert(layerUserGroups).values(userGroups.map((groupId) => ({ layerId: row.id, groupId })));
  return { ...row, userGroups };
}

export async function updateLayer(
  db: Db,
  id: number,
  changes: Partial<Omit<LayerRow, 'id' | 'workspaceId' | 'userGroups'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(layers).set(changes).where(eq(layers.id, id));
}

/** Unticks the layers of `ids` (the other base layers when one is ticked). */
export async function untickLayers(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(layers).set({ visible: false }).where(inArray(layers.id, ids));
}

/** Deletes the layer; its children go with it (the parent key cascades). */
export async function deleteLayer(db: Db, id: number): Promise<void> {
  await db.delete(layers).where(eq(layers.id, id));
}

export async function setLayerGroups(db: Db, layerId: number, groupIds: number[]): Promise<void> {
  await db.delete(layerUserGroups).where(eq(layerUserGroups.layerId, layerId));
  if (groupIds.length > 0)
    await db.insert(layerUserGroups).values(groupIds.map((groupId) => ({ layerId, groupId })));
}

/** Gives `ids` the positions 0, 1, 2, … in that order, in one statement. */
export async function renumber(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, position) => sql`when ${id}::integer then ${position}::integer`),
    sql` `,
  );
  await db
    .update(layers)
    .set({ position: sql`case ${layers.id} ${cases} end` })
    .where(inArray(layers.id, ids));
}

/** The groups among `groupIds` that belong to the account. */
export async function groupsOfAccount(db: Db, accountId: number, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.accountId, accountId), inArray(userGroups.id, groupIds)));
  return rows.map((row) => row.id);
}

/** The groups a user belongs to: by their account, or by their address while still pending. */
export async function memberGroupIds(db: Db, user: { id: number; email: string }): Promise<number[]> {
  const rows = await db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(
      or(
        eq(userGroupMembers.userId, user.id),
        sql`lower(${userGroupMembers.email}) = ${user.email.toLowerCase()}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** node-postgres answers int[] as numbers; PGlite too, but a text answer is parsed. */
function normaliseGroups<T extends { userGroups: unknown }>(row: T): T & { userGroups: number[] } {
  const value = row.userGroups;
  const groups = Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string'
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : [];
  return { ...row, userGroups: groups };
}

export type LibraryFilter = { adminId: number; accountId?: number | undefined; search?: string | undefined };
export type LibraryRow = {
  id: number;
  name: string;
  template: Record<string, unknown>;
  workspaceId: number;
  workspaceName: string;
  parentId: number | null;
  parentName: string | null;
  sourceId: number | null;
  sourceName: string | null;
  sourceType: number | null;
  groups: { id: number; name: string }[] | string | null;
};

const parent = alias(layers, 'parent');
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function libraryFilter({ adminId, accountId, search }: LibraryFilter): SQL | undefined {
  const pattern = search ? likePattern(search) : undefined;
  return and(
    eq(accounts.adminId, adminId),
    accountId === undefined ? undefined : eq(workspaces.accountId, accountId),
    pattern
      ? or(ilike(layers.name, pattern), ilike(workspaces.name, pattern), ilike(datasources.name, pattern))
      : undefined,
  );
}

/** One page of the layer library: one query, each row with its workspace, parent, source and groups. */
export async function listLibraryPage(
  db: Db,
  filter: LibraryFilter,
  { ordering, limit, offset }: { ordering: LibraryOrdering; limit: number; offset: number },
): Promise<LibraryRow[]> {
  const direction = ordering.startsWith('-') ? desc : asc;
  const order = ordering.endsWith('workspace')
    ? [direction(sql`lower(${workspaces.name})`), asc(sql`lower(${layers.name})`), asc(layers.id)]
    : [direction(sql`lower(${layers.name})`), direction(layers.id)];
  return db
    .select({
      id: layers.id,
      name: layers.name,
      template: layers.template,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      parentId: parent.id,
      parentName: parent.name,
      sourceId: datasources.id,
      sourceName: datasources.name,
      sourceType: datasources.typeId,
      groups: sql<LibraryRow['groups']>`(
        select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
        from ${layerUserGroups} lg join ${userGroups} g on g.id = lg.group_id
        where lg.layer_id = ${layers.id}
      )`,
    })
    .from(layers)
    .innerJoin(workspaces, eq(workspaces.id, layers.workspaceId))
    .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
    .leftJoin(parent, eq(parent.id, layers.parentId))
    .leftJoin(datasources, eq(datasources.id, layers.dataSourceId))
    .where(libraryFilter(filter))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countLibrary(db: Db, filter: LibraryFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(layers)
    .innerJoin(workspaces, eq(workspaces.id, layers.workspaceId))
    .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
    .leftJoin(datasources, eq(datasources.id, layers.dataSourceId))
    .where(libraryFilter(filter));
  return row?.total ?? 0;
}
