ALTER TABLE "diamond" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "diamond_changed_idx" ON "diamond" USING btree ("changed_xid");--> statement-breakpoint
-- Any update stamps the row with its transaction, whoever makes it (an order, a repricing, a
-- hand-run fix), so the search index's read of "what changed since I last looked" (rows whose
-- transaction was not visible in its last snapshot) cannot miss a writer.
CREATE OR REPLACE FUNCTION "diamond_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "diamond_touch" BEFORE UPDATE ON "diamond" FOR EACH ROW EXECUTE FUNCTION "diamond_touch"();--> statement-breakpoint
-- Diamond search is answered by the in-process index now (decision 007); this covering index only cost writes.
DROP INDEX IF EXISTS "diamond_filter_idx";
