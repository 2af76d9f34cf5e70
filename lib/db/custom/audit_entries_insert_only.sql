-- The audit trail is insert-only: entries are never edited or deleted, whoever
-- connects. Statement-level triggers, so even an UPDATE or DELETE that matches no
-- row is refused (a mistake shows at once, not only when data exists), and
-- TRUNCATE too. Settling an unknown outcome inserts a new entry instead.
CREATE FUNCTION dashboard.audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'dashboard.audit_entries is insert-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_insert_only
BEFORE UPDATE OR DELETE OR TRUNCATE ON dashboard.audit_entries
FOR EACH STATEMENT EXECUTE FUNCTION dashboard.audit_entries_refuse_change();
