import { asc, eq, inArray, sql } from "drizzle-orm";
import { settings } from "../../../shared/schema";
import type { Executor } from "../../platform/db/client";

export async function getSetting(db: Executor, key: string): Promise<string | null> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

export async function getSettings(db: Executor, keys: readonly string[]): Promise<Map<string, string>> {
  return new Map([...(await getVersionedSettings(db, keys))].map(([key, row]) => [key, row.value]));
}

/** Settings with the count of their writes (a key never written is absent: version 0). */
export async function getVersionedSettings(
  db: Executor,
  keys: readonly string[],
): Promise<Map<string, { value: string; version: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settings.value, version: settings.version })
    .from(settings)
    .where(inArray(settings.key, [...keys]))
    .orderBy(asc(settings.key));
  return new Map(rows.map((r) => [r.key, { value: r.value, version: r.version }]));
}

/** A setting's version (0 when never written), its row locked until the transaction ends. */
export async function lockSetting(tx: Executor, key: string): Promise<number> {
  const rows = await tx.select({ version: settings.version }).from(settings).where(eq(settings.key, key)).for("update");
  return rows[0]?.version ?? 0;
}

/** Writes a setting: a new version of it. */
export async function putSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()`, version: sql`${settings.version} + 1` } });
}
