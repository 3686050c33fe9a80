ALTER TABLE "category" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "memo_from" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "marked_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "pricing" text DEFAULT 'metal' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "stock_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_stock_not_negative" CHECK (stock >= 0);--> statement-breakpoint
-- Categories made in the back office draw ids from a sequence, clear of the seeded ones.
CREATE SEQUENCE IF NOT EXISTS "category_id_seq" START 900000;
