CREATE TABLE "auditions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text,
	"duration_seconds" integer,
	"upload_state" text DEFAULT 'uploading' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"upload_id" text NOT NULL,
	"part_size" integer NOT NULL,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "auditions_code_idx" ON "auditions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "auditions_completed_idx" ON "auditions" USING btree ("completed_at");