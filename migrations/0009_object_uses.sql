ALTER TABLE "objects" ADD COLUMN "used_for" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- What each stored picture was already put to use as, so its sizes are still made after the upgrade:
-- episodes' artwork, clips' posters, and the show's images and hosts' photos kept as JSON in settings
-- (a setting that is not valid JSON is left alone, as the site reads it: as not set).
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
END $$;
