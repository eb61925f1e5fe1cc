ALTER TABLE "episodes" ADD COLUMN "feed_url" text;--> statement-breakpoint
-- Episodes imported before: from the feed last synced.
UPDATE "episodes" SET "feed_url" = (SELECT "url" FROM "feed_sync" WHERE "id" = 1) WHERE "source" = 'feed';
