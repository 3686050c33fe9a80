CREATE TABLE "customer_date" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" smallint NOT NULL,
	"day" smallint NOT NULL,
	CONSTRAINT "customer_date_day" CHECK (month between 1 and 12 and day between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "customer_profile" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"partner_name" text DEFAULT '' NOT NULL,
	"ring_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_date" ADD CONSTRAINT "customer_date_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profile" ADD CONSTRAINT "customer_profile_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_date_user_idx" ON "customer_date" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_date_day_idx" ON "customer_date" USING btree ("month","day");--> statement-breakpoint
CREATE VIEW "public"."customer_date_view" AS (select "id", "user_id", "kind", "month", "day" from "customer_date");--> statement-breakpoint
CREATE VIEW "public"."customer_profile_view" AS (select "user_id", "partner_name", "ring_sizes", "updated_at" from "customer_profile");