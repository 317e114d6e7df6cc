import { datasourceTypeDefinitions } from '@geows/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { datasourceTypes } from '../../db/schema.js';

export type DatasourceTypeRow = typeof datasourceTypes.$inferSelect;

export async function listDatasourceTypes(db: Db) {
  return db.select().from(datasourceTypes).orderBy(asc(datasourceTypes.id));
}

/** Mirrors the contract's type list into the table, so foreign keys and joins can use it. */
export async function syncDatasourceTypes(db: Db) {
  await db
    .insert(datasourceTypes)
    .values(datasourceTypeDefinitions.map(({ id, key, name }) => ({ id, key, name })))
    .onConflictDoUpdate({
      target: datasourceTypes.id,
      set: { key: sql`excluded.key`, name: sql`excluded.name` },
    });
}

export async function findDatasourceType(db: Db, id: number): Promise<DatasourceTypeRow | undefined> {
  const [row] = await db.select().from(datasourceTypes).where(eq(datasourceTypes.id, id)).limit(1);
  return row;
}
