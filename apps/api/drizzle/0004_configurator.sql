CREATE TABLE "configuration_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"casting_labour_cents" integer NOT NULL,
	"base_weight_g" real NOT NULL,
	"metals" text[] NOT NULL,
	"sizes" real[] NOT NULL,
	"locations" jsonb NOT NULL,
	"widths_mm" real[]
);
--> statement-breakpoint
ALTER TABLE "configuration_model" ADD CONSTRAINT "configuration_model_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configuration_model_group_idx" ON "configuration_model" USING btree ("group_id");