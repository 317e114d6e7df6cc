import { count, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leanRead } from '../../db/lean-read.js';
import { accounts } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

/** An account as a list shows it: the columns the API returns. */
export type ListedAccount = Pick<AccountRow, 'id' | 'name' | 'description' | 'slug' | 'adminId'>;

const accountsOfAdmin = leanRead<ListedAccount>(
  'accounts_of_admin',
  `select id, name, description, slug, admin_id as "adminId" from accounts
   where admin_id = $1 order by id limit $2 offset $3`,
);

/** A page of the accounts `adminId` administers, oldest (lowest id) first. */
export async function listAccountsOfAdmin(
  db: Db,
  adminId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<ListedAccount[]> {
  return accountsOfAdmin(db, [adminId, limit, offset]);
}

export async function countAccountsOfAdmin(db: Db, adminId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(accounts).where(eq(accounts.adminId, adminId));
  return row?.total ?? 0;
}

export async function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: accounts.slug })
    .from(accounts)
    .where(or(eq(accounts.slug, base), like(accounts.slug, `${base}-%`)));
  return new Set(rows.map((r) => r.slug));
}

export async function insertAccount(
  db: Db,
  values: { name: string; description: string; slug: string; adminId: number },
): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Deletes the account; its workspaces, layers and invitations go with it (cascade). */
export async function deleteAccount(db: Db, id: number) {
  await db.delete(accounts).where(eq(accounts.id, id));
}
