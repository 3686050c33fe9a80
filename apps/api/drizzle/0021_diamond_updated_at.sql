ALTER TABLE "diamond" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing stones: changed when they were listed, as far as anyone knows.
UPDATE "diamond" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "diamond_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
