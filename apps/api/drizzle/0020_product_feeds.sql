CREATE TABLE "feed_product_waiting" (
	"supplier_id" integer NOT NULL,
	"series" text NOT NULL,
	"group_description" text NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_product_waiting_supplier_id_series_pk" PRIMARY KEY("supplier_id","series")
);
--> statement-breakpoint
CREATE TABLE "supplier_category" (
	"supplier_id" integer NOT NULL,
	"group_description" text NOT NULL,
	"category_id" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_category_supplier_id_group_description_pk" PRIMARY KEY("supplier_id","group_description")
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "supplier_series" text;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "product_photo" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "feed_kind" text DEFAULT 'diamonds' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_product_waiting" ADD CONSTRAINT "feed_product_waiting_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_category" ADD CONSTRAINT "supplier_category_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_category" ADD CONSTRAINT "supplier_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_product_waiting_group_idx" ON "feed_product_waiting" USING btree ("supplier_id","group_description");--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_group_supplier_series_idx" ON "product_group" USING btree ("supplier_id","supplier_series") WHERE supplier_id is not null;--> statement-breakpoint
-- Ids of designs and variants a product feed adds: far above the seed's (and the band builder's 900001–900099).
CREATE SEQUENCE "feed_product_group_id_seq" START 5000000;--> statement-breakpoint
CREATE SEQUENCE "feed_product_id_seq" START 50000000;--> statement-breakpoint
-- Supplier products (mountings, findings) are priced by their own rule, ahead of the stones' catch-all.
UPDATE "markup_rule" SET "position" = "position" + 1;--> statement-breakpoint
INSERT INTO "markup_rule" ("position", "origin", "carat_min", "carat_max", "cost_min_cents", "cost_max_cents", "multiplier", "rounding") VALUES
  (1, 'product', 0, 1000000, 0, 9007199254740991, 2.0, 'end-9');
