ALTER TABLE "dashboard"."security_settings" ADD COLUMN "security_log_retention_days" integer DEFAULT 400 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard"."security_settings" ADD CONSTRAINT "security_settings_retention_ck" CHECK ("dashboard"."security_settings"."security_log_retention_days" BETWEEN 30 AND 3650);--> statement-breakpoint
-- The security log stays insert-only for every entry younger than the retention the owners set (400 days unless they
-- set another): UPDATE and TRUNCATE are still refused by the statement, DELETE is checked per row, so that an export
-- and prune (npm run security-log:prune) can take out what is older, and nothing younger, whoever connects.
DROP TRIGGER "security_events_insert_only" ON "dashboard"."security_events";--> statement-breakpoint
CREATE TRIGGER security_events_insert_only
BEFORE UPDATE OR TRUNCATE ON dashboard.security_events
FOR EACH STATEMENT EXECUTE FUNCTION dashboard.security_events_refuse_change();--> statement-breakpoint
CREATE FUNCTION dashboard.security_events_refuse_young_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days integer := COALESCE((SELECT security_log_retention_days FROM dashboard.security_settings WHERE id = 1), 400);
BEGIN
  IF OLD.created_at >= now() - make_interval(days => days) THEN
    RAISE EXCEPTION 'dashboard.security_events keeps every entry for % days: entry % is younger', days, OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER security_events_keep_young
BEFORE DELETE ON dashboard.security_events
FOR EACH ROW EXECUTE FUNCTION dashboard.security_events_refuse_young_delete();
