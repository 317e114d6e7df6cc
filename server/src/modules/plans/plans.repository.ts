import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans } from '../../db/schema.js';

export type PlanRow = typeof plans.$inferSelect;

export const seededPlans = ['Trial', 'Basic', 'Pro'] as const;

export async function listPlans(db: Db) {
  return db.select().from(plans).orderBy(asc(plans.id));
}

export async function addPlan(db: Db, name: string) {
  const [row] = await db.insert(plans).values({ name }).onConflictDoNothing().returning();
  return row ?? (await db.select().from(plans).where(eq(plans.name, name)))[0];
}

/** Trial, Basic and Pro on a fresh database, Trial the default; operators' changes stay. */
export async function ensurePlans(db: Db) {
  if ((await listPlans(db)).length > 0) return;
  await db
    .insert(plans)
    .values(seededPlans.map((name) => ({ name, isDefault: name === 'Trial' })))
    .onConflictDoNothing();
}
