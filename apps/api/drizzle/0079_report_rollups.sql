CREATE TABLE "report_day" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"shipping" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"refunds" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_dirty_day" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"utc_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_line_day" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"orders" integer NOT NULL,
	"lines" integer NOT NULL,
	"gross" bigint NOT NULL,
	"sale" bigint NOT NULL,
	"code" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"costed" bigint NOT NULL,
	"cost_unknown" integer NOT NULL,
	CONSTRAINT "report_line_day_dim_day_key_pk" PRIMARY KEY("dim","day","key")
);
--> statement-breakpoint
CREATE TABLE "report_rollup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tz" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_tax_day" (
	"day" date NOT NULL,
	"state" text,
	"jurisdiction" text NOT NULL,
	"percent" double precision,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_tax_day_idx" ON "report_tax_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_line_ref_idx" ON "order_line" USING btree ("kind","ref_id");--> statement-breakpoint
-- Which days' sales figures a change touches, written in the change's own transaction (a change
-- that rolls back marks nothing; one that commits cannot be missed by a new code path). Marked as
-- UTC days: the report reading them turns each into the one or two store days it overlaps.
CREATE OR REPLACE FUNCTION "facet_report_mark"(moments timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_dirty_day" ("utc_day")
  SELECT DISTINCT (m AT TIME ZONE 'UTC')::date FROM unnest(moments) m WHERE m IS NOT NULL;
$$;
--> statement-breakpoint
-- The days an order's figures are on: its own, and its refunds' (their shares of its lines).
CREATE OR REPLACE FUNCTION "facet_report_mark_orders"(orders integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT "facet_report_mark"(array(
    SELECT date_trunc('day', o."placed_at") FROM "customer_order" o WHERE o."id" = ANY (orders)
    UNION SELECT date_trunc('day', r."at") FROM "order_refund" r WHERE r."order_id" = ANY (orders)));
$$;
--> statement-breakpoint
-- The orders holding lines of these pieces or stones (a change to what they are).
CREATE OR REPLACE FUNCTION "facet_report_mark_lines"(line_kind text, ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT "facet_report_mark_orders"(array(
    SELECT DISTINCT l."order_id" FROM "order_line" l WHERE l."kind" = line_kind AND l."ref_id" = ANY (ids)));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_report_mark"(array(SELECT DISTINCT date_trunc('day', "placed_at") FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_order_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_report_mark"(ARRAY[OLD."placed_at", NEW."placed_at"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_report_mark_orders"(array(SELECT DISTINCT "order_id" FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A refund counts on its own day (its shares of the lines) and on its order's (tax given back).
CREATE OR REPLACE FUNCTION "facet_report_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_report_mark"(array(
    SELECT date_trunc('day', c."at") FROM changed c
    UNION SELECT date_trunc('day', o."placed_at") FROM changed c JOIN "customer_order" o ON o."id" = c."order_id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What a line is grouped by: a quote's order (the channel), a variant's metal and design, a design's
-- category, a category's name, a stone's origin (loose, or set in a made ring: order_stone).
CREATE OR REPLACE FUNCTION "facet_report_quote_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_report_mark_orders"(array(
    SELECT "id" FROM "customer_order" WHERE "number" IN (OLD."order_number", NEW."order_number")));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates fire per row, and only when the column a report groups by changed (a stock count or a
-- price does not); deletes per statement, with the rows deleted as "changed".
-- One function for the pieces a line names directly; the trigger says which kind ('product', 'melee').
CREATE OR REPLACE FUNCTION "facet_report_pieces_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM "facet_report_mark_lines"(TG_ARGV[0], ARRAY[NEW."id"]);
  ELSE
    PERFORM "facet_report_mark_lines"(TG_ARGV[0], array(SELECT "id" FROM changed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_designs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  designs integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN designs := ARRAY[NEW."id"]; ELSE designs := array(SELECT "id" FROM changed); END IF;
  PERFORM "facet_report_mark_lines"('configured', designs);
  PERFORM "facet_report_mark_lines"('product', array(SELECT p."id" FROM "product" p WHERE p."group_id" = ANY (designs)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_categories_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  designs integer[] := array(SELECT g."id" FROM "product_group" g WHERE g."category_id" = NEW."id");
BEGIN
  PERFORM "facet_report_mark_lines"('configured', designs);
  PERFORM "facet_report_mark_lines"('product', array(SELECT p."id" FROM "product" p WHERE p."group_id" = ANY (designs)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_report_diamonds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stones integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN stones := ARRAY[NEW."id"]; ELSE stones := array(SELECT "id" FROM changed); END IF;
  PERFORM "facet_report_mark_lines"('diamond', stones);
  PERFORM "facet_report_mark_orders"(array(
    SELECT DISTINCT s."order_id" FROM "order_stone" s WHERE s."kind" = 'diamond' AND s."stone_id" = ANY (stones)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customer_order_report_insert" AFTER INSERT ON "customer_order" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_order_report_delete" AFTER DELETE ON "customer_order" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_orders_changed"();--> statement-breakpoint
-- Only what a report reads: a status, tracking or note does not touch the figures.
CREATE TRIGGER "customer_order_report_update" AFTER UPDATE ON "customer_order" FOR EACH ROW
  WHEN ((OLD."payment_state", OLD."placed_at", OLD."number", OLD."plan", OLD."shipping_cents", OLD."tax_cents",
         OLD."tax_lines", OLD."tax_reversed_cents", OLD."shipping_address"->>'state')
    IS DISTINCT FROM (NEW."payment_state", NEW."placed_at", NEW."number", NEW."plan", NEW."shipping_cents", NEW."tax_cents",
         NEW."tax_lines", NEW."tax_reversed_cents", NEW."shipping_address"->>'state'))
  EXECUTE FUNCTION "facet_report_order_updated"();--> statement-breakpoint
CREATE TRIGGER "order_line_report_insert" AFTER INSERT ON "order_line" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "order_line_report_update" AFTER UPDATE ON "order_line" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "order_line_report_delete" AFTER DELETE ON "order_line" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "order_refund_report_insert" AFTER INSERT ON "order_refund" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "order_refund_report_update" AFTER UPDATE ON "order_refund" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "order_refund_report_delete" AFTER DELETE ON "order_refund" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "quote_report_update" AFTER UPDATE OF "order_number" ON "quote" FOR EACH ROW
  WHEN (OLD."order_number" IS DISTINCT FROM NEW."order_number") EXECUTE FUNCTION "facet_report_quote_updated"();--> statement-breakpoint
CREATE TRIGGER "product_report_update" AFTER UPDATE ON "product" FOR EACH ROW
  WHEN ((OLD."metal", OLD."group_id") IS DISTINCT FROM (NEW."metal", NEW."group_id")) EXECUTE FUNCTION "facet_report_pieces_changed"('product');--> statement-breakpoint
CREATE TRIGGER "product_report_delete" AFTER DELETE ON "product" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_pieces_changed"('product');--> statement-breakpoint
CREATE TRIGGER "product_group_report_update" AFTER UPDATE ON "product_group" FOR EACH ROW
  WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id") EXECUTE FUNCTION "facet_report_designs_changed"();--> statement-breakpoint
CREATE TRIGGER "product_group_report_delete" AFTER DELETE ON "product_group" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_designs_changed"();--> statement-breakpoint
CREATE TRIGGER "category_report_update" AFTER UPDATE ON "category" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "facet_report_categories_changed"();--> statement-breakpoint
CREATE TRIGGER "diamond_report_update" AFTER UPDATE ON "diamond" FOR EACH ROW
  WHEN (OLD."origin" IS DISTINCT FROM NEW."origin") EXECUTE FUNCTION "facet_report_diamonds_changed"();--> statement-breakpoint
CREATE TRIGGER "diamond_report_delete" AFTER DELETE ON "diamond" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_diamonds_changed"();--> statement-breakpoint
CREATE TRIGGER "melee_parcel_report_update" AFTER UPDATE ON "melee_parcel" FOR EACH ROW
  WHEN (OLD."origin" IS DISTINCT FROM NEW."origin") EXECUTE FUNCTION "facet_report_pieces_changed"('melee');--> statement-breakpoint
CREATE TRIGGER "melee_parcel_report_delete" AFTER DELETE ON "melee_parcel" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "facet_report_pieces_changed"('melee');
