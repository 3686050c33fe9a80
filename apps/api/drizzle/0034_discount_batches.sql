ALTER TABLE "discount_code" ADD COLUMN "batch" text;--> statement-breakpoint
CREATE INDEX "discount_code_batch_idx" ON "discount_code" USING btree ("batch");