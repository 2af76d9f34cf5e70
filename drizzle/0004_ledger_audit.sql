CREATE TABLE "dashboard"."audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint NOT NULL,
	"user_email" varchar(255) NOT NULL,
	"user_name" varchar(255) DEFAULT '' NOT NULL,
	"user_role" varchar(16) NOT NULL,
	"contact_id" bigint NOT NULL,
	"account_id" bigint,
	"currency" varchar(3),
	"kind" varchar(16) NOT NULL,
	"amount" bigint,
	"description" text,
	"outcome" varchar(16) NOT NULL,
	"error_code" varchar(64),
	"balance_after" bigint,
	"request_id" varchar(64),
	"idempotency_key" uuid,
	"reconciles_entry_id" bigint,
	CONSTRAINT "audit_entries_kind_ck" CHECK ("dashboard"."audit_entries"."kind" IN ('open', 'top_up', 'debit', 'delete')),
	CONSTRAINT "audit_entries_outcome_ck" CHECK ("dashboard"."audit_entries"."outcome" IN ('succeeded', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "dashboard"."contact_views" (
	"user_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_views_user_id_contact_id_pk" PRIMARY KEY("user_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard"."idempotency_keys" (
	"key" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"operation" varchar(16) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_status_ck" CHECK ("dashboard"."idempotency_keys"."status" IN ('pending', 'succeeded', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "dashboard"."audit_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_contact_idx" ON "dashboard"."audit_entries" USING btree ("contact_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_account_idx" ON "dashboard"."audit_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "dashboard"."audit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_operation_uq" ON "dashboard"."audit_entries" USING btree ("idempotency_key") WHERE "dashboard"."audit_entries"."reconciles_entry_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_reconciles_uq" ON "dashboard"."audit_entries" USING btree ("reconciles_entry_id");--> statement-breakpoint
CREATE INDEX "contact_views_contact_idx" ON "dashboard"."contact_views" USING btree ("contact_id");