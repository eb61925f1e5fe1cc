ALTER TABLE "episodes" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcript_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcript_source_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "chapters" jsonb;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "chapters_source_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("episodes"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("episodes"."description", '') || ' ' || coalesce("episodes"."show_notes", '')), 'B') || setweight(to_tsvector('english', coalesce("episodes"."transcript_text", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "episodes_search_idx" ON "episodes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "episodes_published_date_idx" ON "episodes" USING btree ("is_published","published_at");