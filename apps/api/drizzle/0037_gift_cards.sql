CREATE TABLE "gift_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text,
	"last4" text,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"order_id" integer,
	"order_line_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_balance" CHECK (balance_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"order_id" integer,
	"by" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"cents" integer NOT NULL,
	"returned_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_card_payment_returned" CHECK (returned_cents >= 0 and returned_cents <= cents)
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entry" ADD CONSTRAINT "gift_card_entry_card_id_gift_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entry" ADD CONSTRAINT "gift_card_entry_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_payment" ADD CONSTRAINT "gift_card_payment_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_payment" ADD CONSTRAINT "gift_card_payment_card_id_gift_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_code_idx" ON "gift_card" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_card_due_idx" ON "gift_card" USING btree ("deliver_on") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "gift_card_entry_card_idx" ON "gift_card_entry" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "gift_card_payment_order_idx" ON "gift_card_payment" USING btree ("order_id");