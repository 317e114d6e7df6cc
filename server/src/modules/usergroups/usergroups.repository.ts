import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isoTimestamp, leanRead } from '../../db/lean-read.js';
import { accounts, userGroupMembers, userGroups, users } from '../../db/schema.js';

export type UserGroupRow = typeof userGroups.$inferSelect;
export type UserGroupListRow = UserGroupRow & { members: number };
export type MemberRow = { id: number; email: string; userId: number | null; username: string | null };

const memberCount =
  sql<number>`(select count(*) from ${userGroupMembers} m where m.group_id = ${userGroups.id})`.mapWith(
    Number,
  );

const ofAdmin = (adminId: number, accountId: number | undefined): SQL | undefined =>
  and(
    eq(accounts.adminId, adminId),
    accountId === undefined ? undefined : eq(userGroups.accountId, accountId),
  );

type ListedGroupRow = Omit<UserGroupListRow, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};
const groupColumns = `g.id, g.account_id as "accountId", g.name,
  ${isoTimestamp('g.created_at')} as "createdAt", ${isoTimestamp('g.updated_at')} as "updatedAt",
  (select count(*)::int from user_group_members m where m.group_id = g.id) as members`;
const groupsOfAdmin = leanRead<ListedGroupRow>(
  'user_groups_of_admin',
  `select ${groupColumns} from user_groups g join accounts a on a.id = g.account_id
   where a.admin_id = $1 order by g.id limit $2 offset $3`,
);
const groupsOfAccount = leanRead<ListedGroupRow>(
  'user_groups_of_account',
  `select ${groupColumns} from user_groups g join accounts a on a.id = g.account_id
   where a.admin_id = $1 and g.account_id = $2 order by g.id limit $3 offset $4`,
);

/** The groups of the accounts `adminId` administers, oldest first. */
export async function listGroups(
  db: Db,
  { adminId, accountId }: { adminId: number; accountId?: number | undefined },
  { limit, offset }: { limit: number; offset: number },
): Promise<UserGroupListRow[]> {
  const rows =
    accountId === undefined
      ? await groupsOfAdmin(db, [adminId, limit, offset])
      : await groupsOfAccount(db, [adminId, accountId, limit, offset]);
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  }));
}

export async function countGroups(
  db: Db,
  { adminId, accountId }: { adminId: number; accountId?: number | undefined },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userGroups)
    .innerJoin(accounts, eq(accounts.id, userGroups.accountId))
    .where(ofAdmin(adminId, accountId));
  return row?.total ?? 0;
}

/** A group with its account's admin and member count, whoever asks: the service decides. */
export async function findGroup(
  db: Db,
  id: number,
): Promise<(UserGroupListRow & { adminId: number }) | undefined> {
  const [row] = await db
    .select({
      id: userGroups.id,
      accountId: userGroups.accountId,
      name: userGroups.name,
      createdAt: userGroups.createdAt,
      updatedAt: userGroups.updatedAt,
      members: memberCount,
      adminId: accounts.adminId,
    })
    .from(userGroups)
    .innerJoin(accounts, eq(accounts.id, userGroups.accountId))
    .where(eq(userGroups.id, id))
    .limit(1);
  return row;
}

export async function insertGroup(
  db: Db,
  values: { accountId: number; name: string },
): Promise<UserGroupRow> {
  const [row] = await db.insert(userGroups).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Deletes the group; its memberships and its place on layers go with it (cascade). */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.id, id));
}

export async function touchGroup(db: Db, id: number): Promise<void> {
  await db.update(userGroups).set({ updatedAt: sql`now()` }).where(eq(userGroups.id, id));
}

export async function listMembers(
  db: Db,
  groupId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<MemberRow[]> {
  return db
    .select({
      id: userGroupMembers.id,
      email: userGroupMembers.email,
      userId: userGroupMembers.userId,
      username: users.username,
    })
    .from(userGroupMembers)
    .leftJoin(users, eq(users.id, userGroupMembers.userId))
    .where(eq(userGroupMembers.groupId, groupId))
    .orderBy(asc(userGroupMembers.id))
    .limit(limit)
    .offset(offset);
}

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.groupId, groupId));
  return row?.total ?? 0;
}

/** Adds an address as it was typed; the unique index refuses the same address twice (any case). */
export async function insertMember(db: Db, groupId: number, email: string): Promise<MemberRow> {
  const [row] = await db.insert(userGroupMembers).values({ groupId, email }).returning();
  if (!row) throw new Error('insert returned nothing');
  return { id: row.id, email: row.email, userId: row.userId, username: null };
}

/** The membership deleted (its address, for the audit trail), or undefined when there was none. */
export async function deleteMember(
  db: Db,
  groupId: number,
  memberId: number,
): Promise<{ id: number; email: string } | undefined> {
  const [row] = await db
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.id, memberId)))
    .returning({ id: userGroupMembers.id, email: userGroupMembers.email });
  return row;
}

/**
 * Memberships waiting for this user's address become theirs: at their login, so
 * adding an address never tells the group's admin whether it has an account.
 */
export async function claimMemberships(db: Db, userId: number): Promise<void> {
  await db
    .update(userGroupMembers)
    .set({ userId })
    .where(
      and(
        isNull(userGroupMembers.userId),
        sql`lower(${userGroupMembers.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
      ),
    );
}
