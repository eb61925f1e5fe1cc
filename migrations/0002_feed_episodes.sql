CREATE TABLE "feed_sync" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"url" text,
	"etag" text,
	"last_modified" text,
	"body_hash" text,
	"last_attempt_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_result" jsonb,
	"last_error" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"channel_image_url" text
);
--> statement-breakpoint
ALTER TABLE "episodes" ALTER COLUMN "spotify_embed_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "guid" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "enclosure_key" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "audio_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "audio_type" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "audio_length" bigint;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "show_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "season_number" integer;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "episode_number" integer;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "episode_type" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcript_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcript_type" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "chapters_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "feed_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_slug_key" ON "episodes" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_guid_key" ON "episodes" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "episodes_enclosure_key_idx" ON "episodes" USING btree ("enclosure_key");--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_has_media" CHECK ("episodes"."spotify_embed_url" IS NOT NULL OR "episodes"."audio_url" IS NOT NULL);