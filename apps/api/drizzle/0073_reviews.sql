CREATE TABLE "review" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"stars" smallint NOT NULL,
	"body" text NOT NULL,
	"bought" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" text,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_stars" CHECK (stars between 1 and 5),
	CONSTRAINT "review_status" CHECK (status in ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_line_key" ON "review" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "review_group_idx" ON "review" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_status_idx" ON "review" USING btree ("status","created_at");--> statement-breakpoint
CREATE VIEW "public"."review_summary_view" AS (select "group_id", count(*)::int as "count", round(avg("stars"), 1)::float8 as "average" from "review" where "review"."status" = 'approved' group by "review"."group_id");--> statement-breakpoint
-- A review approved, hidden or answered changes product pages and listings: every instance drops
-- what it kept of them (a review waiting for approval shows nowhere, so an insert says nothing).
CREATE TRIGGER "review_changed" AFTER UPDATE OR DELETE ON "review" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
