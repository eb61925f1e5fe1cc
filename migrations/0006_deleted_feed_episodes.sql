CREATE TABLE "deleted_feed_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text,
	"enclosure_key" text,
	"title" text NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deleted_feed_episodes_guid_idx" ON "deleted_feed_episodes" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "deleted_feed_episodes_enclosure_idx" ON "deleted_feed_episodes" USING btree ("enclosure_key");