CREATE TABLE "payment_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "payment_state" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "cart_id" integer;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_order_payment_pending_idx" ON "customer_order" USING btree ("payment_expires_at") WHERE payment_state = 'pending';