CREATE TABLE "order_instalment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_on" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone,
	"last_failure" text,
	"paid_ref" text,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
DROP VIEW "public"."customer_order_view";--> statement-breakpoint
DROP VIEW "public"."order_stone_view";--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "plan" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "saved_card" jsonb;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "authorized_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_stone" ADD COLUMN "supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_stone" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_instalment" ADD CONSTRAINT "order_instalment_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_instalment_seq_key" ON "order_instalment" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_instalment_due_idx" ON "order_instalment" USING btree ("due_on") WHERE state = 'due';--> statement-breakpoint
CREATE INDEX "customer_order_authorized_idx" ON "customer_order" USING btree ("authorized_until") WHERE payment_state = 'authorized';--> statement-breakpoint
CREATE VIEW "public"."customer_order_view" AS (select "id", "number", "user_id", "email", "status", "shipping_address", "billing_address", "shipping_method", "shipping_label", "shipping_service", "shipping_days", "subtotal_cents", "shipping_cents", "tax_cents", "tax_lines", "tax_calculation", "tax_transaction", "tax_reversed_cents", "total_cents", "discount_cents", "discount_label", "gift_card_cents", "exchange_credit_cents", "exchange_of_order_id", "payment_provider", "payment_ref", "card_brand", "card_last4", "placed_at", "version", "paid_cents", "refunded_cents", "carrier", "tracking_number", "updated_at", "payment_state", "payment_expires_at", "cart_id", "disputed", "balance_intent_ref", "plan", "authorized_until" from "customer_order");--> statement-breakpoint
CREATE VIEW "public"."order_stone_view" AS (select "id", "order_id", "kind", "stone_id", "live", "supplier", "confirmed_at" from "order_stone");--> statement-breakpoint
ALTER TABLE "order_instalment" ADD CONSTRAINT "order_instalment_state_check" CHECK ("state" in ('due', 'paid', 'cancelled'));--> statement-breakpoint
ALTER TABLE "order_instalment" ADD CONSTRAINT "order_instalment_amount_check" CHECK ("amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_plan_check" CHECK ("plan" in ('full', 'layaway'));
