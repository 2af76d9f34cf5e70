CREATE TABLE "dashboard"."contact_browser_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"hidden_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard"."export_chunks" (
	"job_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"rows" integer NOT NULL,
	"content" text NOT NULL,
	"written_by" varchar(160),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "dashboard"."export_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"format" varchar(8) NOT NULL,
	"bom" boolean DEFAULT false NOT NULL,
	"filters" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"total" bigint,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"next_offset" bigint DEFAULT 0 NOT NULL,
	"batch_size" integer DEFAULT 1000 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"lease_owner" varchar(160),
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"wait_reason" varchar(32),
	"wait_until" timestamp with time zone,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error_code" varchar(64),
	"error" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "export_jobs_status_ck" CHECK ("dashboard"."export_jobs"."status" IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
	CONSTRAINT "export_jobs_format_ck" CHECK ("dashboard"."export_jobs"."format" IN ('csv', 'jsonl'))
);
--> statement-breakpoint
ALTER TABLE "dashboard"."export_chunks" ADD CONSTRAINT "export_chunks_job_id_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "dashboard"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_pending_idx" ON "dashboard"."export_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_created_by_idx" ON "dashboard"."export_jobs" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "dashboard"."export_jobs" USING btree ("expires_at");