import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;

export async function findSiteByOrigin(db: Db, origin: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.origin, origin)).limit(1);
  return row;
}

export async function findDefaultSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return row;
}

export async function listSites(db: Db): Promise<SiteRow[]> {
  return db.select().from(sites).orderBy(sites.id);
}

/** Adds a site, or updates the one on that origin. */
export async function upsertSite(
  db: Db,
  origin: string,
  values: { title: string; logo?: string; email?: string },
): Promise<SiteRow | undefined> {
  const [row] = await db
    .insert(sites)
    .values({ origin, ...values })
    .onConflictDoUpdate({ target: sites.origin, set: values })
    .returning();
  return row;
}

export async function deleteSite(db: Db, id: number) {
  await db.delete(sites).where(eq(sites.id, id));
}

/** Creates the default site unless one exists; later starts leave the operator's edits alone. */
export async function ensureDefaultSite(db: Db, values: { origin: string }): Promise<void> {
  if (await findDefaultSite(db)) return;
  await db
    .insert(sites)
    .values({ origin: values.origin, isDefault: true })
    .onConflictDoUpdate({ target: sites.origin, set: { isDefault: true } });
}
