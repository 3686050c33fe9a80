ALTER TABLE "customer_order" ADD COLUMN "shipping_label" text;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "shipping_days" text;