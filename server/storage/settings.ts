import { asc, eq, inArray, sql } from "drizzle-orm";
import { settings } from "../../shared/schema";
import type { Db, Executor } from "../db/client";

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

export async function getSettings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]))
    .orderBy(asc(settings.key));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function putSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Several settings in one transaction: all saved or none (the editors page's Save All). */
export async function putSettings(db: Db, entries: readonly { key: string; value: string }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, value } of entries) await putSetting(tx, key, value);
  });
}
