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
