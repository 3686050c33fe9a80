ALTER TABLE "return_request" DROP CONSTRAINT "return_request_status";--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "exchange_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "exchange_of_order_id" integer;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "exchange_for" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "exchange" jsonb;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "exchange_order_id" integer;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "intent_ref" text;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "pay_token_hash" text;--> statement-breakpoint
ALTER TABLE "service_ticket" ADD COLUMN "intent_ref" text;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_exchange_of_order_id_customer_order_id_fk" FOREIGN KEY ("exchange_of_order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_exchange_order_id_customer_order_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_status" CHECK (status in ('requested', 'approved', 'declined', 'received', 'inspected', 'refunded', 'awaiting-payment', 'exchanged'));