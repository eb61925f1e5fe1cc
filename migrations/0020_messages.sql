CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'arrived' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"text" text,
	"name" text,
	"email" text,
	"episode_id" integer,
	"content_type" text,
	"size" bigint,
	"duration_seconds" integer,
	"token_hash" text,
	"upload_expires_at" timestamp with time zone,
	"network_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_network_idx" ON "messages" USING btree ("network_key");
