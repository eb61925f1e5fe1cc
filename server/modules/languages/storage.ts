import { eq } from "drizzle-orm";
import { userLanguages } from "../../../shared/schema";
import type { Executor } from "../../platform/db/client";

/** The language a person chose for the admin area, or null (they follow the site's). */
export async function getUserLanguage(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ language: userLanguages.language }).from(userLanguages).where(eq(userLanguages.userId, userId)).limit(1);
  return rows[0]?.language ?? null;
}

/** Keeps a person's choice; null forgets it. */
export async function putUserLanguage(db: Executor, userId: number, language: string | null): Promise<void> {
  if (language === null) {
    await db.delete(userLanguages).where(eq(userLanguages.userId, userId));
    return;
  }
  await db
    .insert(userLanguages)
    .values({ userId, language })
    .onConflictDoUpdate({ target: userLanguages.userId, set: { language, updatedAt: new Date() } });
}
