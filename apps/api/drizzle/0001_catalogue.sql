CREATE TABLE "diamond" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"origin" text NOT NULL,
	"shape" text NOT NULL,
	"carat_points" integer NOT NULL,
	"color" text NOT NULL,
	"color_rank" integer NOT NULL,
	"clarity" text NOT NULL,
	"clarity_rank" integer NOT NULL,
	"cut" text NOT NULL,
	"cut_rank" integer NOT NULL,
	"polish" text NOT NULL,
	"symmetry" text NOT NULL,
	"fluorescence" text NOT NULL,
	"depth_pct" real NOT NULL,
	"table_pct" real NOT NULL,
	"lw_ratio" real NOT NULL,
	"length_mm" real NOT NULL,
	"width_mm" real NOT NULL,
	"depth_mm" real NOT NULL,
	"lab" text NOT NULL,
	"certificate" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gemstone_type" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "melee_parcel" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"origin" text NOT NULL,
	"shape" text NOT NULL,
	"size_mm" real NOT NULL,
	"sieve" text NOT NULL,
	"carat_per_stone" real NOT NULL,
	"quality" text NOT NULL,
	"price_per_carat_cents" integer NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "melee_parcel_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "metal_rate" (
	"quality" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cents_per_gram" integer NOT NULL,
	"density_factor" real NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notable_gemstone" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"type_slug" text NOT NULL,
	"color" text NOT NULL,
	"color_hex" text NOT NULL,
	"shape" text NOT NULL,
	"carat_points" integer NOT NULL,
	"length_mm" real NOT NULL,
	"width_mm" real NOT NULL,
	"depth_mm" real NOT NULL,
	"origin" text NOT NULL,
	"agta_certificate" text,
	"treatment" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"sku" text NOT NULL,
	"metal" text NOT NULL,
	"finger_size" real,
	"length_in" integer,
	"weight_g" real NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer NOT NULL,
	"lead_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute" (
	"group_id" integer NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_attribute_group_id_label_value_pk" PRIMARY KEY("group_id","label","value")
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" integer PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"category_id" integer NOT NULL,
	"description" text NOT NULL,
	"long_description" text NOT NULL,
	"kind" text NOT NULL,
	"image" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"min_price_cents" integer NOT NULL,
	"default_metal" text NOT NULL,
	"configurable" boolean DEFAULT false NOT NULL,
	"featured" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "product_group"."description"), 'A') || setweight(to_tsvector('english', "product_group"."search_text"), 'B')) STORED
);
--> statement-breakpoint
ALTER TABLE "notable_gemstone" ADD CONSTRAINT "notable_gemstone_type_slug_gemstone_type_slug_fk" FOREIGN KEY ("type_slug") REFERENCES "public"."gemstone_type"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute" ADD CONSTRAINT "product_attribute_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_serial_idx" ON "diamond" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "diamond_search_idx" ON "diamond" USING btree ("origin","status","shape","carat_points");--> statement-breakpoint
CREATE INDEX "diamond_price_idx" ON "diamond" USING btree ("origin","status","price_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "notable_gemstone_serial_idx" ON "notable_gemstone" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "notable_gemstone_type_idx" ON "notable_gemstone" USING btree ("type_slug","status","price_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sku_idx" ON "product" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_group_idx" ON "product" USING btree ("group_id","price_cents");--> statement-breakpoint
CREATE INDEX "product_attribute_label_value_idx" ON "product_attribute" USING btree ("label","value","group_id");--> statement-breakpoint
CREATE INDEX "product_group_category_idx" ON "product_group" USING btree ("category_id","featured","min_price_cents");--> statement-breakpoint
CREATE INDEX "product_group_series_idx" ON "product_group" USING btree ("series");--> statement-breakpoint
CREATE INDEX "product_group_search_idx" ON "product_group" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_group_description_trgm_idx" ON "product_group" USING gin ("description" gin_trgm_ops);