-- Search without accents or case (docs/product.md "The owner's work"): "series" finds "Sèries",
-- Greek typed without its accents finds the accented words. unaccent is a trusted extension: a
-- role that may create objects in the database may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH CONFIGURATION podcast (COPY = english);
EXCEPTION WHEN unique_violation THEN NULL;
END $$;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION podcast ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unaccent_lower(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(unaccent('unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "episodes_search_idx";
--> statement-breakpoint
ALTER TABLE "episodes" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('podcast', coalesce("episodes"."title", '')), 'A') || setweight(to_tsvector('podcast', coalesce("episodes"."description", '') || ' ' || coalesce("episodes"."show_notes", '')), 'B') || setweight(to_tsvector('podcast', coalesce("episodes"."transcript_text", '')), 'C')) STORED;
--> statement-breakpoint
CREATE INDEX "episodes_search_idx" ON "episodes" USING gin ("search_vector");
