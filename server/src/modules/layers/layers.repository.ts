import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { layers, layerUserGroups, userGroupMembers, userGroups } from '../../db/schema.js';

/**
 * Copies a workspace's whole layer tree into another workspace in one statement: new
 * ids are drawn for every layer first, so each copy can point at its parent's copy
 * whatever the depth. A layer whose parent is not in the same workspace (the schema
 * does not forbid it) is kept, at the top level, rather than lost.
 */
export async function copyLayerTree(db: Db, fromWorkspaceId: number, toWorkspaceId: number) {
  await db.execute(sql`
    with ids as (
      select id as old_id, nextval(pg_get_serial_sequence('layers', 'id')) as new_id
      from layers
      where workspace_id = ${fromWorkspaceId}
    )
    insert into layers (id, workspace_id, parent_id, position, name, visible, data_source_id, template)
    select ids.new_id, ${toWorkspaceId}, parent.new_id, l.position, l.name, l.visible, l.data_source_id, l.template
    from layers l
    join ids on ids.old_id = l.id
    left join ids parent on parent.old_id = l.parent_id`);
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

export async function findLayer(db: Db, id: number): Promise<LayerRow | undefined> {
  const [row] = await db.select(layerColumns).from(layers).where(eq(layers.id, id)).limit(1);
  return row && normaliseGroups(row);
}

export async function insertLayer(db: Db, values: Omit<LayerRow, 'id' | 'userGroups'>): Promise<number> {
  const [row] = await db.insert(layers).values(values).returning({ id: layers.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateLayer(
  db: Db,
  id: number,
  changes: Partial<Omit<LayerRow, 'id' | 'workspaceId' | 'userGroups'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(layers).set(changes).where(eq(layers.id, id));
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
