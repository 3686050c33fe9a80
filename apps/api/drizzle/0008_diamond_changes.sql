ALTER TABLE "diamond" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "diamond_changed_idx" ON "diamond" USING btree ("changed_at");--> statement-breakpoint
-- Any update stamps the row, whoever makes it (an order, a repricing, a hand-run fix), so the
-- search index's delta read cannot miss a writer. now() is the transaction's start: the reader
-- overlaps its window to cover transactions that commit after it looked.
CREATE OR REPLACE FUNCTION "diamond_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "diamond_touch" BEFORE UPDATE ON "diamond" FOR EACH ROW EXECUTE FUNCTION "diamond_touch"();--> statement-breakpoint
-- Diamond search is answered by the in-process index now (decision 007); this covering index only cost writes.
DROP INDEX IF EXISTS "diamond_filter_idx";
