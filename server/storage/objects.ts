import { and, eq, gt, sql } from "drizzle-orm";
import type pg from "pg";
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
    .limit(1);
  return rows[0] ?? null;
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
 * were recorded; the object_uses migration (migrations/) does the same on upgrade.
 */
export async function recordPictureUses(client: pg.PoolClient): Promise<void> {
  await client.query(RECORD_PICTURE_USES);
}

const RECORD_PICTURE_USES = `
DO $$
DECLARE
  images jsonb;
  about jsonb;
BEGIN
  CREATE TEMPORARY TABLE object_uses (path text, kind text) ON COMMIT DROP;
  INSERT INTO object_uses SELECT "image_path", 'artwork' FROM "episodes" WHERE "image_path" IS NOT NULL;
  INSERT INTO object_uses SELECT "poster_path", 'poster' FROM "clips" WHERE "poster_path" IS NOT NULL;
  BEGIN
    SELECT "value"::jsonb INTO images FROM "settings" WHERE "key" = 'site_images';
  EXCEPTION WHEN others THEN images := NULL;
  END;
  IF jsonb_typeof(images) = 'object' THEN
    INSERT INTO object_uses VALUES
      (images->>'bannerDesktop', 'banner-desktop'),
      (images->>'bannerMobile', 'banner-mobile'),
      (images->>'artwork', 'artwork'),
      (images->>'artwork', 'icon');
  END IF;
  BEGIN
    SELECT "value"::jsonb INTO about FROM "settings" WHERE "key" = 'about';
  EXCEPTION WHEN others THEN about := NULL;
  END;
  IF jsonb_typeof(about) = 'object' AND jsonb_typeof(about->'hosts') = 'array' THEN
    INSERT INTO object_uses SELECT host->>'photo', 'photo' FROM jsonb_array_elements(about->'hosts') AS host WHERE jsonb_typeof(host) = 'object';
  END IF;
  UPDATE "objects" o SET "used_for" = u.kinds
  FROM (SELECT path, array_agg(DISTINCT kind ORDER BY kind) AS kinds FROM object_uses WHERE path IS NOT NULL GROUP BY path) u
  WHERE u.path = '/objects/' || o."id"::text;
END $$;`;
