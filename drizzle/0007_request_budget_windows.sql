ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "window_id" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "latest_window_id" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "in_flight" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "probe_seq" bigint;--> statement-breakpoint
ALTER TABLE "dashboard"."request_budgets" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;