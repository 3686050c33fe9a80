DROP INDEX "discount_redemption_order_idx";--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "discount_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemption_order_code_idx" ON "discount_redemption" USING btree ("order_id","code_id");--> statement-breakpoint
UPDATE "cart" SET "discount_codes" = ARRAY["discount_code"] WHERE "discount_code" IS NOT NULL;