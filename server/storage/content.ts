import { and, asc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { clips, episodes, providers } from "../../shared/schema";
import type { Db } from "../db/client";

/** Ordered lists: by sortOrder, then id, so equal orders still list the same way every time. */
export function listProviders(db: Db) {
  return db
    .select({ id: providers.id, name: providers.name, url: providers.url, icon: providers.icon, sortOrder: providers.sortOrder })
    .from(providers)
    .orderBy(asc(providers.sortOrder), asc(providers.id));
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
};

export function listClips(db: Db, options: { includeDrafts: boolean }) {
  const q = db.select(clipColumns).from(clips);
  return (options.includeDrafts ? q : q.where(eq(clips.isPublished, true))).orderBy(asc(clips.sortOrder), asc(clips.id));
}

export type ClipRow = Awaited<ReturnType<typeof listClips>>[number];

export async function findClipBySlug(db: Db, slug: string, options: { includeDrafts: boolean }) {
  const where = options.includeDrafts
    ? eq(clips.slug, slug)
    : and(eq(clips.slug, slug), eq(clips.isPublished, true));
  const rows = await db.select(clipColumns).from(clips).where(where).limit(1);
  return rows[0] ?? null;
}

export async function findClip(db: Db, id: number) {
  const rows = await db.select(clipColumns).from(clips).where(eq(clips.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findProvider(db: Db, id: number) {
  const rows = await db
    .select({ id: providers.id, name: providers.name, url: providers.url, icon: providers.icon, sortOrder: providers.sortOrder })
    .from(providers)
    .where(eq(providers.id, id))
    .limit(1);
  return rows[0] ?? null;
}

type Orderable = PgTable & { id: PgColumn; sortOrder: PgColumn };
/** The ordered lists, named as services and routes name them; the tables stay in storage/. */
export type ContentKind = "providers" | "episodes" | "clips";
const TABLES: Record<ContentKind, Orderable> = { providers, episodes, clips };

/** The next order for a new item: the largest plus one, 1 for the first (docs/product.md §4). */
export async function nextSortOrder(db: Db, kind: ContentKind): Promise<number> {
  const table = TABLES[kind];
  const [row] = await db.select({ max: sql<number | null>`max(${table.sortOrder})` }).from(table);
  return (row?.max ?? 0) + 1;
}

/** Number of rows plus one, the spec's rule for a new provider (docs/product.md §4). */
export async function countPlusOne(db: Db, kind: ContentKind): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(TABLES[kind]);
  return (row?.n ?? 0) + 1;
}

/**
 * Swaps the sortOrder of two rows in one transaction, so a failure can never leave both with
 * the same order (issue 4). Returns false when either row is missing.
 */
export async function swapSortOrder(db: Db, kind: ContentKind, firstId: number, secondId: number): Promise<boolean> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const lock = async () =>
      (await tx
        .select({ id: table.id, sortOrder: table.sortOrder })
        .from(table as PgTable)
        .orderBy(asc(table.sortOrder), asc(table.id))
        .for("update")) as { id: number; sortOrder: number }[];
    let rows = await lock();
    let a = rows.find((r) => r.id === firstId);
    let b = rows.find((r) => r.id === secondId);
    if (!a || !b) return false;
    if (a.sortOrder === b.sortOrder) {
      // Equal orders (older data, or hand edits) cannot be swapped: number the list 1..n in its
      // current order first, so the move does what the admin sees.
      for (const [index, row] of rows.entries()) {
        if (row.sortOrder !== index + 1) {
          await tx.update(table).set({ sortOrder: index + 1 } as never).where(eq(table.id, row.id));
        }
      }
      rows = rows.map((row, index) => ({ ...row, sortOrder: index + 1 }));
      a = rows.find((r) => r.id === firstId)!;
      b = rows.find((r) => r.id === secondId)!;
    }
    await tx.update(table).set({ sortOrder: b.sortOrder } as never).where(eq(table.id, firstId));
    await tx.update(table).set({ sortOrder: a.sortOrder } as never).where(eq(table.id, secondId));
    return true;
  });
}

export async function insertProvider(db: Db, values: typeof providers.$inferInsert) {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}

export async function updateProvider(db: Db, id: number, values: Partial<typeof providers.$inferInsert>) {
  const rows = await db.update(providers).set(values).where(eq(providers.id, id)).returning({ id: providers.id });
  return rows.length > 0;
}

export async function deleteProvider(db: Db, id: number) {
  const rows = await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id });
  return rows.length > 0;
}

export async function insertClip(db: Db, values: typeof clips.$inferInsert) {
  const [row] = await db.insert(clips).values(values).returning({ id: clips.id });
  return row!.id;
}

export async function updateClip(db: Db, id: number, values: Partial<typeof clips.$inferInsert>, options: { touch?: boolean } = {}) {
  const rows = await db
    .update(clips)
    .set({ ...values, ...(options.touch === false ? {} : { updatedAt: sql`now()` }) })
    .where(eq(clips.id, id))
    .returning({ id: clips.id });
  return rows.length > 0;
}

export async function deleteClip(db: Db, id: number) {
  const rows = await db.delete(clips).where(eq(clips.id, id)).returning({ id: clips.id });
  return rows.length > 0;
}

export async function isSlugTaken(db: Db, slug: string, exceptId?: number) {
  const rows = await db.select({ id: clips.id }).from(clips).where(eq(clips.slug, slug)).limit(1);
  return rows.length > 0 && rows[0]!.id !== exceptId;
}
