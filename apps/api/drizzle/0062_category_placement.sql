CREATE TABLE "category_placement" (
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "category_placement_category_id_group_id_pk" PRIMARY KEY("category_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "category_placement" ADD CONSTRAINT "category_placement_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_placement" ADD CONSTRAINT "category_placement_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_placement_group_idx" ON "category_placement" USING btree ("group_id");--> statement-breakpoint
CREATE VIEW "public"."category_placement_view" AS (select "category_id", "group_id", "position" from "category_placement");--> statement-breakpoint
-- Placing a design changes category listings: every instance hears of it (decision 009).
CREATE TRIGGER "category_placement_changed" AFTER INSERT OR UPDATE OR DELETE ON "category_placement" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
