import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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
