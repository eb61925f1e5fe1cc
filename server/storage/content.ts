import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { clips, episodes, providers } from "../../shared/schema";
import type { Executor } from "../db/client";
import { lockOrdering } from "./locks";

/** Ordered lists: by sortOrder, then id, so equal orders still list the same way every time. */
const providerColumns = { id: providers.id, name: providers.name, url: providers.url, icon: providers.icon, sortOrder: providers.sortOrder, version: providers.version };

export function listProviders(db: Executor) {
  return db.select(providerColumns).from(providers).orderBy(asc(providers.sortOrder), asc(providers.id));
}

export type ProviderRow = Awaited<ReturnType<typeof listProviders>>[number];

const clipColumns = {
  id: clips.id,
  slug: clips.slug,
  title: clips.title,
  description: clips.description,
  content: clips.content,
  keyQuote: clips.keyQuote,
  youtubeEmbedUrl: clips.youtubeEmbedUrl,
  posterPath: clips.posterPath,
  posterVideoId: clips.posterVideoId,
  metaDescription: clips.metaDescription,
  isPublished: clips.isPublished,
  sortOrder: clips.sortOrder,
  createdAt: clips.createdAt,
  updatedAt: clips.updatedAt,
  version: clips.version,
};

export function listClips(db: Executor, options: { includeDrafts: boolean }) {
  const q = db.select(clipColumns).from(clips);
  return (options.includeDrafts ? q : q.where(eq(clips.isPublished, true))).orderBy(asc(clips.sortOrder), asc(clips.id));
}

export type ClipRow = Awaited<ReturnType<typeof listClips>>[number];

export async function findClipBySlug(db: Executor, slug: string, options: { includeDrafts: boolean }) {
  const where = options.includeDrafts
    ? eq(clips.slug, slug)
    : and(eq(clips.slug, slug), eq(clips.isPublished, true));
  const rows = await db.select(clipColumns).from(clips).where(where).limit(1);
  return rows[0] ?? null;
}

/** `forUpdate`: the row stays locked until the caller's transaction ends. */
export async function findClip(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const q = db.select(clipColumns).from(clips).where(eq(clips.id, id)).limit(1);
  const rows = await (options.forUpdate ? q.for("update") : q);
  return rows[0] ?? null;
}

export async function findProvider(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const q = db.select(providerColumns).from(providers).where(eq(providers.id, id)).limit(1);
  const rows = await (options.forUpdate ? q.for("update") : q);
  return rows[0] ?? null;
}

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
      if (row.sortOrder !== index + 1) await tx.update(table).set({ sortOrder: index + 1 } as never).where(eq(table.id, row.id));
    }
    const numbered = new Map(rows.map((row, index) => [row.id, index + 1]));
    a = { id: firstId, sortOrder: numbered.get(firstId)! };
    b = { id: secondId, sortOrder: numbered.get(secondId)! };
  }
  await tx.update(table).set({ sortOrder: b.sortOrder } as never).where(eq(table.id, firstId));
  await tx.update(table).set({ sortOrder: a.sortOrder } as never).where(eq(table.id, secondId));
  return true;
}

export async function insertProvider(db: Executor, values: typeof providers.$inferInsert) {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}

/** An edit by the admin: a new version. */
export async function updateProvider(db: Executor, id: number, values: Partial<typeof providers.$inferInsert>) {
  const rows = await db
    .update(providers)
    .set({ ...values, version: sql`${providers.version} + 1` })
    .where(eq(providers.id, id))
    .returning({ id: providers.id });
  return rows.length > 0;
}

export async function deleteProvider(db: Executor, id: number) {
  const rows = await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id });
  return rows.length > 0;
}

export async function insertClip(db: Executor, values: typeof clips.$inferInsert) {
  const [row] = await db.insert(clips).values(values).returning({ id: clips.id });
  return row!.id;
}

/** `touch: false`: the server's own bookkeeping (a poster kept), neither a new date nor a new version. */
export async function updateClip(db: Executor, id: number, values: Partial<typeof clips.$inferInsert>, options: { touch?: boolean } = {}) {
  const rows = await db
    .update(clips)
    .set({ ...values, ...(options.touch === false ? {} : { updatedAt: sql`now()`, version: sql`${clips.version} + 1` }) })
    .where(eq(clips.id, id))
    .returning({ id: clips.id });
  return rows.length > 0;
}

export async function deleteClip(db: Executor, id: number) {
  const rows = await db.delete(clips).where(eq(clips.id, id)).returning({ id: clips.id });
  return rows.length > 0;
}

/** The slugs of a kind in use that start with `base` (the base itself, or base-2, base-3...), but `exceptId`'s. */
export async function slugsLike(db: Executor, kind: "episodes" | "clips", base: string, exceptId?: number): Promise<Set<string>> {
  const table = kind === "episodes" ? episodes : clips;
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = exceptId === undefined ? sql`${table.slug} LIKE ${like}` : and(sql`${table.slug} LIKE ${like}`, ne(table.id, exceptId));
  const rows = await db.select({ slug: table.slug }).from(table).where(where);
  return new Set(rows.map((r) => r.slug).filter((slug): slug is string => slug !== null));
}
