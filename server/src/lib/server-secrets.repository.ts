import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverSecrets } from '../db/schema.js';

/** The stored secret of that name; the first process to ask stores `candidate`, every later one reads it. */
export async function storeOnceAndRead(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error('The server secret could not be stored');
  return row.value;
}
