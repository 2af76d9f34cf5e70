CREATE TABLE "dashboard"."security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"actor_user_id" bigint,
	"actor_email" varchar(255),
	"subject_user_id" bigint,
	"subject_email" varchar(255),
	"address" varchar(64) NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "dashboard"."security_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "security_events_subject_idx" ON "dashboard"."security_events" USING btree ("subject_user_id","id");--> statement-breakpoint
-- The security log is insert-only, like the audit trail: events are never edited or deleted, whoever connects.
-- Statement-level triggers, so even an UPDATE or DELETE that matches no row is refused, and TRUNCATE too.
CREATE FUNCTION dashboard.security_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'dashboard.security_events is insert-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER security_events_insert_only
BEFORE UPDATE OR DELETE OR TRUNCATE ON dashboard.security_events
FOR EACH STATEMENT EXECUTE FUNCTION dashboard.security_events_refuse_change();
