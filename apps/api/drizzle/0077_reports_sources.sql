CREATE TABLE "search_term_day" (
	"term" text NOT NULL,
	"day" date NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"found_nothing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_term_day_term_day_pk" PRIMARY KEY("term","day")
);
--> statement-breakpoint
CREATE VIEW "public"."gift_card_entry_view" AS (select "id", "card_id", "kind", "cents", "balance_cents", "order_id", "by", "reason", "at" from "gift_card_entry");--> statement-breakpoint
CREATE VIEW "public"."gift_card_view" AS (select "id", "last4", "initial_cents", "balance_cents", "active", "order_id", "created_by", "created_at" from "gift_card");--> statement-breakpoint
CREATE VIEW "public"."quote_view" AS (select "id", "number", "status", "order_number" from "quote");