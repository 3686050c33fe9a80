ALTER TABLE "customer_order" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "tax_calculation" text;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "tax_transaction" text;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "tax_reversed_cents" integer DEFAULT 0 NOT NULL;