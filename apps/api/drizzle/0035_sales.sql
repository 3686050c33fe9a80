CREATE TABLE "sale" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"metals" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_percent" CHECK (percent between 1 and 90),
	CONSTRAINT "sale_times" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "was_unit_cents" integer;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "sale_name" text;--> statement-breakpoint
-- A sale made, changed or ended on one instance re-prices every instance's pages at once.
CREATE TRIGGER "sale_changed" AFTER INSERT OR UPDATE OR DELETE ON "sale" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
