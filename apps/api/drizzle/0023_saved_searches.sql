CREATE TABLE "saved_search" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"filters" jsonb NOT NULL,
	"label" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watch_from" timestamp with time zone DEFAULT now() NOT NULL,
	"last_digest_at" timestamp with time zone,
	"more_found" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_search_status" CHECK (status in ('pending', 'active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_hit" (
	"search_id" integer NOT NULL,
	"diamond_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"previous_cents" integer,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_hit_search_id_diamond_id_pk" PRIMARY KEY("search_id","diamond_id")
);
--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "price_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "price_before_drop_cents" integer;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hit" ADD CONSTRAINT "saved_search_hit_search_id_saved_search_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_user" ON "saved_search" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_search_email" ON "saved_search" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_confirm" ON "saved_search" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "saved_search_hit_unsent" ON "saved_search_hit" USING btree ("search_id") WHERE sent_at is null;--> statement-breakpoint
-- Stones already on sale were listed when they were created (the backfill changes no stone, so it does not stamp one).
ALTER TABLE "diamond" DISABLE TRIGGER "diamond_touch";--> statement-breakpoint
UPDATE "diamond" SET "listed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "diamond" ENABLE TRIGGER "diamond_touch";--> statement-breakpoint
-- The same trigger notes what saved-search alerts tell: a stone back on sale (not from a checkout's
-- short reservation) is listed again; a price cut keeps the price before it.
CREATE OR REPLACE FUNCTION "diamond_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  NEW.updated_at := now();
  IF NEW.status = 'available' AND OLD.status IN ('sold', 'withdrawn', 'held') THEN
    NEW.listed_at := now();
  END IF;
  IF NEW.price_cents < OLD.price_cents THEN
    NEW.price_dropped_at := now();
    NEW.price_before_drop_cents := OLD.price_cents;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Alerts match what changed after this point (a saved search from now on misses nothing).
INSERT INTO "store_setting" ("key", "value") VALUES ('saved_search_snapshot', to_jsonb(pg_current_snapshot()::text))
ON CONFLICT ("key") DO NOTHING;
