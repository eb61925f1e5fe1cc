import { and, asc, eq, sql } from "drizzle-orm";
import { clips, users } from "../../../shared/schema";
import { updatedByActor } from "../auth";
import { oneRow, type Executor } from "../../platform/db/client";

/** Ordered lists: by sortOrder, then id, so equal orders still list the same way every time. */
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

/** Who changed a clip last, by e-mail (the admin's list only: a visitor never sees who works on the show). */
const adminColumns = {
  ...clipColumns,
  updatedBy: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${clips.updatedBy})`,
};

/** A visitor's rows lack updatedBy (undefined, whatever the type says); the service shows it to the admin only. */
export function listClips(db: Executor, options: { includeDrafts: boolean }) {
  const q = db.select(options.includeDrafts ? adminColumns : (clipColumns as typeof adminColumns)).from(clips);
  return (options.includeDrafts ? q : q.where(eq(clips.isPublished, true))).orderBy(asc(clips.sortOrder), asc(clips.id));
}

export type ClipRow = Awaited<ReturnType<typeof listClips>>[number];

export async function findClipBySlug(db: Executor, slug: string, options: { includeDrafts: boolean }) {
  const where = options.includeDrafts ? eq(clips.slug, slug) : and(eq(clips.slug, slug), eq(clips.isPublished, true));
  return oneRow(
    db
      .select(clipColumns as typeof adminColumns)
      .from(clips)
      .where(where)
      .limit(1),
  );
}

/** `forUpdate`: the row stays locked until the caller's transaction ends. */
export async function findClip(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  return oneRow(db.select(adminColumns).from(clips).where(eq(clips.id, id)).limit(1), options.forUpdate);
}

export async function insertClip(db: Executor, values: typeof clips.$inferInsert) {
  const [row] = await db
    .insert(clips)
    .values({ ...values, ...updatedByActor() })
    .returning({ id: clips.id });
  return row!.id;
}

/** `touch: false`: the server's own bookkeeping (a poster kept), neither a new date nor a new version. */
export async function updateClip(db: Executor, id: number, values: Partial<typeof clips.$inferInsert>, options: { touch?: boolean } = {}) {
  const rows = await db
    .update(clips)
    .set({
      ...values,
      ...(options.touch === false ? {} : { updatedAt: sql`now()`, version: sql`${clips.version} + 1`, ...updatedByActor() }),
    })
    .where(eq(clips.id, id))
    .returning({ id: clips.id });
  return rows.length > 0;
}

export async function deleteClip(db: Executor, id: number) {
  const rows = await db.delete(clips).where(eq(clips.id, id)).returning({ id: clips.id });
  return rows.length > 0;
}
