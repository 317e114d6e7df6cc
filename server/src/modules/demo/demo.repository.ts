import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { demoAssignments } from '../../db/schema.js';

export async function findDemoWorkspace(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select().from(demoAssignments).where(eq(demoAssignments.userId, userId)).limit(1);
  return row?.workspaceId;
}

export async function setDemoWorkspace(db: Db, userId: number, workspaceId: number) {
  await db
    .insert(demoAssignments)
    .values({ userId, workspaceId })
    .onConflictDoUpdate({ target: demoAssignments.userId, set: { workspaceId } });
}

export async function clearDemoWorkspace(db: Db, userId: number) {
  await db.delete(demoAssignments).where(eq(demoAssignments.userId, userId));
}
