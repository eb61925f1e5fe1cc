ALTER TABLE "clips" ADD COLUMN "poster_path" text;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "poster_video_id" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "image_path" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "image_source_url" text;