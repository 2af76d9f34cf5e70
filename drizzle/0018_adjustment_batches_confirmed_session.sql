-- The session a run was confirmed in (worker.ts stops a run whose confirming session was ended other than by its own
-- sign-out) and the status `stopped` for such a run. No foreign key to sessions: an ended session's row is deleted
-- after 30 days, and a batch whose session row is gone must stop, not lose the link (ON DELETE SET NULL would).
ALTER TABLE "dashboard"."adjustment_batches" DROP CONSTRAINT "adjustment_batches_status_ck";--> statement-breakpoint
ALTER TABLE "dashboard"."adjustment_batches" ADD COLUMN "confirmed_session_id" uuid;--> statement-breakpoint
ALTER TABLE "dashboard"."adjustment_batches" ADD CONSTRAINT "adjustment_batches_status_ck" CHECK ("dashboard"."adjustment_batches"."status" IN ('uploaded', 'validated', 'checking', 'checked', 'running', 'finished', 'cancelled', 'failed', 'stopped'));
