import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  accounts,
  authTokens,
  datasources,
  datasourceTypes,
  layers,
  plans,
  profiles,
  shareLinks,
  users,
  workspaceEditors,
  workspaces,
} from '../db/schema.js';

type Insert<T extends PgTable> = T['$inferInsert'];

export type TenantRows = {
  plans: { id: number; name: string }[];
  datasourceTypes: { id: number; name: string }[];
  users: Insert<typeof users>[];
  accounts: Insert<typeof accounts>[];
  workspaces: Insert<typeof workspaces>[];
  editors: Insert<typeof workspaceEditors>[];
  datasources: Insert<typeof datasources>[];
  layers: Insert<typeof layers>[];
  shareLinks: Insert<typeof shareLinks>[];
  token: Insert<typeof authTokens>;
};

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table. */
const batchSize = 500;

async function insertAll<T extends PgTable>(db: Db, table: T, rows: Insert<T>[]) {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(table).values(rows.slice(start, start + batchSize));
  }
}

/**
 * Writes an imported tenant with its ids in one transaction, then moves every id sequence
 * past them (rows made later through the API must not collide) and refreshes the planner's
 * statistics. Plans and types the product lacks are added under their ids; a plan name that
 * is taken gets its id appended.
 */
export async function insertTenant(db: Db, rows: TenantRows) {
  await db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const existingPlans = await db.select({ id: plans.id, name: plans.name }).from(plans);
    const planNames = new Set(existingPlans.map((p) => p.name));
    const planIds = new Set(existingPlans.map((p) => p.id));
    for (const plan of rows.plans.filter((p) => !planIds.has(p.id))) {
      const name = planNames.has(plan.name) ? `${plan.name} (${plan.id})` : plan.name;
      await db.insert(plans).values({ id: plan.id, name });
      planNames.add(name);
    }
    const typeIds = new Set(
      (await db.select({ id: datasourceTypes.id }).from(datasourceTypes)).map((t) => t.id),
    );
    for (const type of rows.datasourceTypes.filter((t) => !typeIds.has(t.id))) {
      await db.insert(datasourceTypes).values({ id: type.id, key: `imported-${type.id}`, name: type.name });
    }
    await insertAll(db, users, rows.users);
    await insertAll(
      db,
      profiles,
      rows.users.map((user) => ({ userId: user.id as number })),
    );
    await insertAll(db, accounts, rows.accounts);
    await insertAll(db, workspaces, rows.workspaces);
    await insertAll(db, workspaceEditors, rows.editors);
    await insertAll(db, datasources, rows.datasources);
    await insertAll(db, layers, rows.layers);
    await insertAll(db, shareLinks, rows.shareLinks);
    await db.insert(authTokens).values(rows.token);
    for (const table of [
      'users',
      'profiles',
      'accounts',
      'workspaces',
      'datasources',
      'layers',
      'plans',
      'share_links',
    ]) {
      await db.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
        ),
      );
    }
  });
  await db.execute(sql`analyze`);
}
