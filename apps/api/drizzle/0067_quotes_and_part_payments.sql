CREATE TABLE "order_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"address" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"token_hash" text,
	"intent_ref" text,
	"accepted_version" integer,
	"order_number" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_status" CHECK (status in ('draft', 'sent', 'accepted', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "quote_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"what" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"number" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"tax_lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"deposit" jsonb NOT NULL,
	"deposit_cents" integer NOT NULL,
	"expires_on" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_version_deposit" CHECK (deposit_cents >= 0 and deposit_cents <= total_cents)
);
--> statement-breakpoint
DROP VIEW "public"."customer_order_view";--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "balance_token_hash" text;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "balance_intent_ref" text;--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_event" ADD CONSTRAINT "quote_event_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_file" ADD CONSTRAINT "quote_file_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_version" ADD CONSTRAINT "quote_version_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_ref_key" ON "order_payment" USING btree ("provider","ref");--> statement-breakpoint
CREATE INDEX "order_payment_order_idx" ON "order_payment" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_number_key" ON "quote" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_token_key" ON "quote" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quote_email_idx" ON "quote" USING btree ("email");--> statement-breakpoint
CREATE INDEX "quote_user_idx" ON "quote" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quote_updated_idx" ON "quote" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "quote_event_quote_idx" ON "quote_event" USING btree ("quote_id","at");--> statement-breakpoint
CREATE INDEX "quote_file_quote_idx" ON "quote_file" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_version_key" ON "quote_version" USING btree ("quote_id","number");--> statement-breakpoint
CREATE INDEX "diamond_held_idx" ON "diamond" USING btree ("hold_until") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "notable_gemstone_held_idx" ON "notable_gemstone" USING btree ("hold_until") WHERE status = 'held';--> statement-breakpoint
CREATE VIEW "public"."customer_order_view" AS (select "id", "number", "user_id", "email", "status", "shipping_address", "billing_address", "shipping_method", "shipping_label", "shipping_service", "shipping_days", "subtotal_cents", "shipping_cents", "tax_cents", "tax_lines", "tax_calculation", "tax_transaction", "tax_reversed_cents", "total_cents", "discount_cents", "discount_label", "gift_card_cents", "exchange_credit_cents", "exchange_of_order_id", "payment_provider", "payment_ref", "card_brand", "card_last4", "placed_at", "version", "paid_cents", "refunded_cents", "carrier", "tracking_number", "updated_at", "payment_state", "payment_expires_at", "cart_id", "disputed", "balance_intent_ref" from "customer_order");--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("role" in ('owner', 'manager', 'fulfilment', 'support', 'sales'));
