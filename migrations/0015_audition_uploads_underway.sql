ALTER TABLE "auditions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "auditions" ADD COLUMN "last_part_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auditions" ADD COLUMN "received_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auditions" ADD COLUMN "completing_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auditions_network_idx" ON "auditions" USING btree ("network");