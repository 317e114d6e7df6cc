import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mfaBackupCodes, mfaChallenges, mfaMethods } from '../../db/schema.js';

export type MfaMethodRow = typeof mfaMethods.$inferSelect;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export async function listMethods(db: Db, userId: number): Promise<MfaMethodRow[]> {
  return db.select().from(mfaMethods).where(eq(mfaMethods.userId, userId)).orderBy(mfaMethods.id);
}

export async function findMethod(db: Db, userId: number, name: 'app' | 'email') {
  const [row] = await db
    .select()
    .from(mfaMethods)
    .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.name, name)))
    .limit(1);
  return row;
}

/** Starts (or restarts) setting up a method; an inactive leftover is replaced. */
export async function upsertPendingMethod(
  db: Db,
  values: {
    userId: number;
    name: 'app' | 'email';
    secretEncrypted?: string | null;
    emailCodeHash?: string | null;
    emailCodeExpiresAt?: Date | null;
  },
) {
  await db
    .insert(mfaMethods)
    .values({ ...values, isActive: false })
    .onConflictDoUpdate({
      target: [mfaMethods.userId, mfaMethods.name],
      set: {
        secretEncrypted: values.secretEncrypted ?? null,
        emailCodeHash: values.emailCodeHash ?? null,
        emailCodeExpiresAt: values.emailCodeExpiresAt ?? null,
        isActive: false,
        lastTotpStep: 0,
      },
    });
}

export async function setEmailCode(
  db: Db,
  methodId: number,
  codeHash: string | null,
  expiresAt: Date | null,
) {
  await db
    .update(mfaMethods)
    .set({ emailCodeHash: codeHash, emailCodeExpiresAt: expiresAt })
    .where(eq(mfaMethods.id, methodId));
}

/** Records a used TOTP step only if it is newer than the last one: a code counts once, even in a race. */
export async function claimTotpStep(db: Db, methodId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaMethods)
    .set({ lastTotpStep: step })
    .where(and(eq(mfaMethods.id, methodId), lt(mfaMethods.lastTotpStep, step)))
    .returning({ id: mfaMethods.id });
  return rows.length > 0;
}

export async function activateMethod(db: Db, methodId: number, isPrimary: boolean) {
  await db
    .update(mfaMethods)
    .set({ isActive: true, isPrimary, emailCodeHash: null, emailCodeExpiresAt: null })
    .where(eq(mfaMethods.id, methodId));
}

export async function deleteMethod(db: Db, methodId: number) {
  await db.delete(mfaMethods).where(eq(mfaMethods.id, methodId));
}

export async function setPrimary(db: Db, methodId: number) {
  await db.update(mfaMethods).set({ isPrimary: true }).where(eq(mfaMethods.id, methodId));
}

// Backup codes

export async function replaceBackupCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
    await tx.insert(mfaBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function listBackupCodes(db: Db, userId: number) {
  return db.select().from(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
}

/** True for the one caller that removed the code: a backup code works once. */
export async function consumeBackupCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(mfaBackupCodes)
    .where(eq(mfaBackupCodes.id, id))
    .returning({ id: mfaBackupCodes.id });
  return rows.length > 0;
}

export async function deleteBackupCodes(db: Db, userId: number) {
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
}

// Login challenges

export async function insertChallenge(
  db: Db,
  values: {
    userId: number;
    tokenHash: string;
    method: 'app' | 'email';
    emailCodeHash: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(mfaChallenges).values(values).returning({ id: mfaChallenges.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function findChallenge(db: Db, tokenHash: string): Promise<MfaChallengeRow | undefined> {
  const [row] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function consumeChallenge(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Login challenges a day past their expiry: finished or abandoned. */
export async function deleteExpiredChallenges(db: Db) {
  await db.delete(mfaChallenges).where(sql`${mfaChallenges.expiresAt} < now() - interval '1 day'`);
}

export async function setChallengeEmailCode(db: Db, id: number, emailCodeHash: string) {
  await db.update(mfaChallenges).set({ emailCodeHash }).where(eq(mfaChallenges.id, id));
}
