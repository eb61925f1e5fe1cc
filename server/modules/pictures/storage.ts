import { and, eq, gt, sql } from "drizzle-orm";
import type pg from "pg";
import { objects } from "../../../shared/schema";
import { oneRow, type Db } from "../../platform/db/client";
import { migrationStatements } from "../../platform/db/migrate";

export async function insertPendingObject(db: Db, id: string, expiresAt: Date) {
  await db.insert(objects).values({ id, expiresAt, status: "pending" });
}

/**
 * Claims a pending, unexpired upload for writing. Only one request can win the claim, which is
 * what makes an upload address single-use.
 */
export async function claimPendingObject(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(objects)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(objects.id, id), eq(objects.status, "pending"), gt(objects.expiresAt, sql`now()`)))
    .returning({ id: objects.id });
  return rows.length > 0;
}

export async function completeObject(db: Db, id: string, contentType: string, size: number) {
  await db
    .update(objects)
    .set({ status: "complete", contentType, size, completedAt: sql`now()` })
    .where(eq(objects.id, id));
}

export async function findObject(db: Db, id: string) {
  return oneRow(
    db
      .select({
        id: objects.id,
        status: objects.status,
        contentType: objects.contentType,
        size: objects.size,
        expiresAt: objects.expiresAt,
        usedFor: objects.usedFor,
      })
      .from(objects)
      .where(eq(objects.id, id))
      .limit(1),
  );
}

/** An image the site stored itself (a poster, a feed's artwork): complete from the start. */
export async function insertCompleteObject(db: Db, id: string, contentType: string, size: number) {
  await db.insert(objects).values({ id, status: "complete", contentType, size, expiresAt: sql`now()`, completedAt: sql`now()` });
}

/** Records that an object is put to use as a kind of picture (once per kind). */
export async function addObjectUse(db: Db, id: string, kind: string) {
  await db
    .update(objects)
    .set({ usedFor: sql`array_append(${objects.usedFor}, ${kind}::text)` })
    .where(and(eq(objects.id, id), sql`NOT (${kind}::text = ANY(${objects.usedFor}))`));
}

/**
 * Records what each stored picture is used as from where the site uses it: episodes' artwork,
 * clips' posters, the show's images and hosts' photos (settings kept as JSON; one that is not
 * JSON is passed over, as the site reads it as not set). For a restored backup made before uses
 * were recorded: the object_uses migration's own backfill (its statement after the one adding
 * the column), as it runs on upgrade.
 */
export async function recordPictureUses(client: pg.PoolClient): Promise<void> {
  const [, backfill] = migrationStatements("object_uses");
  await client.query(backfill!);
}
