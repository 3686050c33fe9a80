ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
-- TRUNCATE skips row triggers: the audit log and the order timeline refuse it too.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();--> statement-breakpoint
CREATE TRIGGER "order_event_no_truncate" BEFORE TRUNCATE ON "order_event" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
