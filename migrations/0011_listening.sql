-- Listening (docs/product.md): the people a feed names, who is in which episode and in the show, the
-- item's discussion address, and the slugs items had before the admin changed them.
CREATE TABLE "episode_people" (
	"episode_id" integer NOT NULL,
	"position" integer NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"group_name" text NOT NULL,
	CONSTRAINT "episode_people_episode_id_position_pk" PRIMARY KEY("episode_id","position")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"href" text,
	"image_url" text,
	"image_path" text,
	"image_source_url" text,
	"image_failures" integer DEFAULT 0 NOT NULL,
	"image_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_people" (
	"position" integer PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"group_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slug_history" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_history_kind_slug_pk" PRIMARY KEY("kind","slug")
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "discussion_url" text;--> statement-breakpoint
ALTER TABLE "episode_people" ADD CONSTRAINT "episode_people_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_people" ADD CONSTRAINT "episode_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_people" ADD CONSTRAINT "show_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_people_person_idx" ON "episode_people" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_name_key_key" ON "people" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "people_slug_key" ON "people" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "slug_history_item_idx" ON "slug_history" USING btree ("kind","item_id");