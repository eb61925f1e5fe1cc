CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_searches" (
	"day" date NOT NULL,
	"q" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_searches_day_q_pk" PRIMARY KEY("day","q")
);
--> statement-breakpoint
CREATE TABLE "analytics_seen" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"visitor" "bytea" NOT NULL,
	CONSTRAINT "analytics_seen_day_kind_value_visitor_pk" PRIMARY KEY("day","kind","value","visitor")
);
