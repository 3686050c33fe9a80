CREATE TABLE "product_photo" (
	"key" text PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_photo" ADD CONSTRAINT "product_photo_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photo_group_idx" ON "product_photo" USING btree ("group_id","position");--> statement-breakpoint
-- A new or removed photo changes listing cards and product pages: every instance hears of it (decision 009).
CREATE TRIGGER "product_photo_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_photo" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
