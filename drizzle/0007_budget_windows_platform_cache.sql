CREATE TABLE "dashboard"."platform_cache" (
	"key_hash" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_cache_key_hash_name_pk" PRIMARY KEY("key_hash","name")
);
--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "window_id" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "latest_window_id" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "in_flight" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "probe_seq" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;