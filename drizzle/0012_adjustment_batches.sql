CREATE TABLE "dashboard"."adjustment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" bigint NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_hash" varchar(64) NOT NULL,
	"delimiter" varchar(1) NOT NULL,
	"headers" text[] NOT NULL,
	"mapping" jsonb,
	"status" varchar(16) DEFAULT 'uploaded' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"totals" jsonb,
	"dry_run" jsonb,
	"dry_run_done" integer DEFAULT 0 NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"ok_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"unknown_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"lease_owner" varchar(160),
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"wait_reason" varchar(32),
	"wait_until" timestamp with time zone,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"confirmed_by" bigint,
	"confirmed_at" timestamp with time zone,
	"error_code" varchar(64),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "adjustment_batches_status_ck" CHECK ("dashboard"."adjustment_batches"."status" IN ('uploaded', 'validated', 'checking', 'checked', 'running', 'finished', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "dashboard"."adjustment_rows" (
	"batch_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"cells" text[] NOT NULL,
	"contact_id" bigint,
	"currency" varchar(3),
	"kind" varchar(8),
	"amount" bigint,
	"description" text,
	"problems" jsonb,
	"dry_account_id" bigint,
	"dry_status" varchar(16),
	"dry_code" varchar(64),
	"dry_balance_after" bigint,
	"run_status" varchar(16),
	"idempotency_key" uuid,
	"sent_at" timestamp with time zone,
	"error_code" varchar(64),
	"error_params" jsonb,
	"error_text" text,
	"balance_after" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "adjustment_rows_batch_id_line_pk" PRIMARY KEY("batch_id","line"),
	CONSTRAINT "adjustment_rows_kind_ck" CHECK ("dashboard"."adjustment_rows"."kind" IN ('top_up', 'debit')),
	CONSTRAINT "adjustment_rows_dry_status_ck" CHECK ("dashboard"."adjustment_rows"."dry_status" IN ('ok', 'refused')),
	CONSTRAINT "adjustment_rows_run_status_ck" CHECK ("dashboard"."adjustment_rows"."run_status" IN ('pending', 'sending', 'succeeded', 'failed', 'unknown', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "dashboard"."adjustment_rows" ADD CONSTRAINT "adjustment_rows_batch_id_adjustment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "dashboard"."adjustment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard"."audit_entries" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "dashboard"."audit_entries" ADD COLUMN "batch_line" integer;--> statement-breakpoint
CREATE INDEX "adjustment_batches_claim_idx" ON "dashboard"."adjustment_batches" USING btree ("created_at","id") WHERE "dashboard"."adjustment_batches"."status" IN ('checking', 'running');--> statement-breakpoint
CREATE INDEX "adjustment_batches_hash_idx" ON "dashboard"."adjustment_batches" USING btree ("file_hash","created_at");--> statement-breakpoint
CREATE INDEX "adjustment_batches_created_idx" ON "dashboard"."adjustment_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "adjustment_rows_status_idx" ON "dashboard"."adjustment_rows" USING btree ("batch_id","run_status","line");--> statement-breakpoint
CREATE INDEX "audit_entries_batch_idx" ON "dashboard"."audit_entries" USING btree ("batch_id","batch_line") WHERE "dashboard"."audit_entries"."batch_id" IS NOT NULL;
