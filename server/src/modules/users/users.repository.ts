import type { ProfileUpdate } from '@geows/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { profiles, users } from '../../db/schema.js';
import { forgetTokensOf } from '../auth/auth.repository.js';

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfileOfUser(db: Db, userId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

/** Updates a profile only when it belongs to the user: another user's id matches nothing. */
export async function updateOwnProfile(db: Db, userId: number, profileId: number, values: ProfileUpdate) {
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) {
    const [row] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
    return row;
  }
  const [row] = await db
    .update(profiles)
    .set(changes)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
    .returning();
  return row;
}

/** Every user with the profile flag an operator sets, for `npm run admin -- user list`. */
export async function listUsersWithProfiles(db: Db) {
  return db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(asc(users.id));
}

/** The user and their profile (null only for a user created outside the API without one). */
export async function findUserWithProfile(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setMfaRequired(db: Db, userId: number, mfaRequired: boolean) {
  await db.update(profiles).set({ mfaRequired }).where(eq(profiles.userId, userId));
}

export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
  await forgetTokensOf(db, userId);
}
