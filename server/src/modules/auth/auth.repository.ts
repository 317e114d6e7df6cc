import { and, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens, profiles, users, userTokens } from '../../db/schema.js';
import { authChannel, tokenCacheOf } from './token-cache.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Usernames and e-mail addresses are unique regardless of case; either signs in. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const lowered = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .orderBy(sql`lower(${users.username}) = ${lowered} desc`)
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Usernames and e-mail addresses share one namespace, since either signs in. */
export async function loginNameTaken(db: Db, name: string) {
  const lowered = name.toLowerCase();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return rows.length > 0;
}

/** True once any activation link of the user was used: an inactive user then was stopped by an operator. */
export async function wasEverActivated(db: Db, userId: number) {
  const rows = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'activation'), isNotNull(userTokens.usedAt)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Frees a username or address held by a registration that was never activated and
 * whose every activation link has expired, so nobody can squat someone's address.
 */
export async function deleteAbandonedRegistrations(db: Db, username: string, email: string) {
  await db.execute(sql`
    delete from users u
    where (lower(u.username) in (${username.toLowerCase()}, ${email.toLowerCase()})
        or lower(u.email) in (${username.toLowerCase()}, ${email.toLowerCase()}))
      and not u.is_active
      and u.last_login is null
      and not exists (select 1 from user_tokens t where t.user_id = u.id and t.purpose = 'activation'
                      and (t.used_at is not null or t.expires_at > now()))`);
}

export async function createUserWithProfile(
  db: Db,
  values: { username: string; email: string; passwordHash: string; isActive?: boolean },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('insert returned nothing');
    await tx.insert(profiles).values({ userId: user.id });
    return user;
  });
}

export async function setUserActive(db: Db, id: number, isActive: boolean) {
  await db.update(users).set({ isActive }).where(eq(users.id, id));
  await forgetTokensOf(db, id);
}

/**
 * Every write that ends a user's tokens or their right to use them tells the token cache of
 * this process and, through NOTIFY, of every other process (modules/auth/token-cache.ts).
 */
export async function forgetTokensOf(db: Db, userId: number) {
  tokenCacheOf(db).forgetUser(userId);
  await db.execute(sql`select pg_notify(${authChannel}, ${String(userId)})`);
}

export async function setPassword(db: Db, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, id));
}

export async function touchLastLogin(db: Db, id: number) {
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
}

// API tokens

export async function insertAuthToken(db: Db, userId: number, tokenHash: string) {
  await db.insert(authTokens).values({ userId, tokenHash });
}

/** A token and its user, by the token's hash (a request's header) or its id (a capability's session). */
async function findTokenWhere(db: Db, where: SQL) {
  const [row] = await db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(where)
    .limit(1);
  return row;
}

export const findAuthToken = (db: Db, tokenHash: string) =>
  findTokenWhere(db, eq(authTokens.tokenHash, tokenHash));

export const findAuthTokenById = (db: Db, id: number) => findTokenWhere(db, eq(authTokens.id, id));

export async function touchAuthToken(db: Db, id: number) {
  await db.update(authTokens).set({ lastUsedAt: new Date() }).where(eq(authTokens.id, id));
}

export async function deleteAuthToken(db: Db, id: number, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.id, id));
  await forgetTokensOf(db, userId);
}

/** Revokes every token of a user, or every one but the token in use. */
export async function deleteUserTokens(db: Db, userId: number, exceptId?: number) {
  await db
    .delete(authTokens)
    .where(
      exceptId
        ? and(eq(authTokens.userId, userId), ne(authTokens.id, exceptId))
        : eq(authTokens.userId, userId),
    );
  await forgetTokensOf(db, userId);
}

// E-mailed link tokens

export async function insertUserToken(
  db: Db,
  values: { userId: number; purpose: 'activation' | 'password_reset'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(userTokens).values(values);
}

export async function findUserToken(
  db: Db,
  userId: number,
  purpose: 'activation' | 'password_reset',
  tokenHash: string,
) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        eq(userTokens.tokenHash, tokenHash),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a token used only if it still was unused: the caller that gets true won the race. */
export async function consumeUserToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .returning({ id: userTokens.id });
  return rows.length > 0;
}

/** Kills every link of that purpose still out there (a changed password: the reset links), or of any purpose. */
export async function consumeAllUserTokens(
  db: Db,
  userId: number,
  purpose?: 'activation' | 'password_reset',
) {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        purpose ? eq(userTokens.purpose, purpose) : undefined,
        isNull(userTokens.usedAt),
      ),
    );
}

/** Links long expired or used: nothing can revive them. */
export async function deleteOldUserTokens(db: Db, olderThanDays: number) {
  await db.execute(
    sql`delete from user_tokens where expires_at < now() - make_interval(days => ${olderThanDays})`,
  );
}

/** Tokens past their absolute age are dead even if nobody used them since. */
export async function deleteTokensOlderThan(db: Db, maxAgeMs: number) {
  await db.execute(
    sql`delete from auth_tokens where created_at < now() - make_interval(secs => ${maxAgeMs / 1000})`,
  );
}
