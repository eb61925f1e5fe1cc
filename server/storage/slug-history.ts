import { and, eq, inArray, sql } from "drizzle-orm";
import { chunk } from "es-toolkit/array";
import { clips, episodes, slugHistory } from "../../shared/schema";
import type { Executor } from "../db/client";

type Kind = "episode" | "clip";

/**
 * An item's slug changed from `from` to `to`: the old one leads to this item from now on (a
 * 301, docs/product.md "Listening"), and the new one is this item's alone, so an old address of
 * another item that was `to` leads nowhere any more.
 */
export async function rememberOldSlug(tx: Executor, kind: Kind, itemId: number, from: string, to: string): Promise<void> {
  await forgetSlugs(tx, kind, [to]);
  await tx
    .insert(slugHistory)
    .values({ kind, slug: from, itemId })
    .onConflictDoUpdate({ target: [slugHistory.kind, slugHistory.slug], set: { itemId, createdAt: sql`now()` } });
}

/** New items took these slugs: an old address that was one of them no longer leads to the item that had it. */
export async function forgetSlugs(tx: Executor, kind: Kind, slugs: string[]): Promise<void> {
  for (const part of chunk(slugs, 1_000))
    await tx.delete(slugHistory).where(and(eq(slugHistory.kind, kind), inArray(slugHistory.slug, part)));
}

/** The slug the published item that once had `slug` has now, or null (never had, deleted, a draft). */
export async function findRenamed(db: Executor, kind: Kind, slug: string): Promise<string | null> {
  const table = kind === "episode" ? episodes : clips;
  const rows = await db
    .select({ slug: table.slug })
    .from(slugHistory)
    .innerJoin(table, eq(table.id, slugHistory.itemId))
    .where(and(eq(slugHistory.kind, kind), eq(slugHistory.slug, slug), eq(table.isPublished, true)))
    .limit(1);
  return rows[0]?.slug ?? null;
}
