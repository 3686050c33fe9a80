CREATE TABLE "markup_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"origin" text NOT NULL,
	"carat_min" integer NOT NULL,
	"carat_max" integer NOT NULL,
	"cost_min_cents" integer NOT NULL,
	"cost_max_cents" bigint NOT NULL,
	"multiplier" real NOT NULL,
	"rounding" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"column_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "supplier_stock" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "growth" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "certificate_url" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD CONSTRAINT "diamond_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_supplier_stock_idx" ON "diamond" USING btree ("supplier_id","supplier_stock") WHERE supplier_id is not null;--> statement-breakpoint
-- The markup a new store starts with (modules/feeds/markup.ts DEFAULT_MARKUP); staff edit it.
INSERT INTO "markup_rule" ("position", "origin", "carat_min", "carat_max", "cost_min_cents", "cost_max_cents", "multiplier", "rounding") VALUES
  (1, 'lab', 0, 1000000, 0, 100000, 2.2, 'end-9'),
  (2, 'lab', 0, 1000000, 100000, 9007199254740991, 1.8, 'end-9'),
  (3, 'natural', 0, 100, 0, 9007199254740991, 1.45, 'end-0'),
  (4, 'natural', 100, 300, 0, 9007199254740991, 1.3, 'end-0'),
  (5, 'natural', 300, 1000000, 0, 9007199254740991, 1.2, 'end-0'),
  (6, 'any', 0, 1000000, 0, 9007199254740991, 1.4, 'dollar');
