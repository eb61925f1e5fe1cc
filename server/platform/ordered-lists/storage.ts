import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { clips, episodes, providers } from "../../../shared/schema";
import type { Executor } from "../db/client";
import { lockOrdering } from "../db/locks";

type Orderable = PgTable & { id: PgColumn; sortOrder: PgColumn };
/** The ordered lists, named as services and routes name them; the tables stay in storage/. */
export type ContentKind = "providers" | "episodes" | "clips";
const TABLES: Record<ContentKind, Orderable> = { providers, episodes, clips };

/** The next order for a new item: the largest plus one, 1 for the first (docs/product.md §4); call in the transaction that inserts it. */
export async function nextSortOrder(tx: Executor, kind: ContentKind): Promise<number> {
  await lockOrdering(tx, kind);
  const table = TABLES[kind];
  const [row] = await tx.select({ max: sql<number | null>`max(${table.sortOrder})` }).from(table);
  return (row?.max ?? 0) + 1;
}

/** Number of rows plus one, the spec's rule for a new provider (docs/product.md §4); call in the transaction that inserts it. */
export async function countPlusOne(tx: Executor, kind: ContentKind): Promise<number> {
  await lockOrdering(tx, kind);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(TABLES[kind]);
  return (row?.n ?? 0) + 1;
}

/**
 * Swaps the sortOrder of two rows in the caller's transaction, so a failure can never leave both
 * with the same order. Only the two rows are locked; the whole list only in the rare case of two
 * equal orders, which must be renumbered first. Returns false when either row is missing.
 */
export async function swapSortOrder(tx: Executor, kind: ContentKind, firstId: number, secondId: number): Promise<boolean> {
  const table = TABLES[kind];
  const pair = (await tx
    .select({ id: table.id, sortOrder: table.sortOrder })
    .from(table as PgTable)
    .where(inArray(table.id, [firstId, secondId]))
    .orderBy(asc(table.id))
    .for("update")) as { id: number; sortOrder: number }[];
  let a = pair.find((r) => r.id === firstId);
  let b = pair.find((r) => r.id === secondId);
  if (!a || !b) return false;
  if (a.sortOrder === b.sortOrder) {
    // Equal orders (older data, or hand edits) cannot be swapped: number the list 1..n in its
    // current order first, so the move does what the admin sees.
    await lockOrdering(tx, kind);
    const rows = (await tx
      .select({ id: table.id, sortOrder: table.sortOrder })
      .from(table as PgTable)
      .orderBy(asc(table.sortOrder), asc(table.id))
      .for("update")) as { id: number; sortOrder: number }[];
    for (const [index, row] of rows.entries()) {
      if (row.sortOrder !== index + 1)
        await tx
          .update(table)
          .set({ sortOrder: index + 1 } as never)
          .where(eq(table.id, row.id));
    }
    const numbered = new Map(rows.map((row, index) => [row.id, index + 1]));
    a = { id: firstId, sortOrder: numbered.get(firstId)! };
    b = { id: secondId, sortOrder: numbered.get(secondId)! };
  }
  await tx
    .update(table)
    .set({ sortOrder: b.sortOrder } as never)
    .where(eq(table.id, firstId));
  await tx
    .update(table)
    .set({ sortOrder: a.sortOrder } as never)
    .where(eq(table.id, secondId));
  return true;
}

/** The slugs of a kind in use that start with `base` (the base itself, or base-2, base-3...), but `exceptId`'s. */
export async function slugsLike(db: Executor, kind: "episodes" | "clips", base: string, exceptId?: number): Promise<Set<string>> {
  const table = kind === "episodes" ? episodes : clips;
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = exceptId === undefined ? sql`${table.slug} LIKE ${like}` : and(sql`${table.slug} LIKE ${like}`, ne(table.id, exceptId));
  const rows = await db.select({ slug: table.slug }).from(table).where(where);
  return new Set(rows.map((r) => r.slug).filter((slug): slug is string => slug !== null));
}
