import { and, eq, gt, sql } from "drizzle-orm";
import { objects } from "../../shared/schema";
import type { Db } from "../db/client";

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
  const rows = await db
    .select({ id: objects.id, status: objects.status, contentType: objects.contentType, size: objects.size, expiresAt: objects.expiresAt })
    .from(objects)
    .where(eq(objects.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** An image the site stored itself (a poster, a feed's artwork): complete from the start. */
export async function insertCompleteObject(db: Db, id: string, contentType: string, size: number) {
  await db.insert(objects).values({ id, status: "complete", contentType, size, expiresAt: sql`now()`, completedAt: sql`now()` });
}
