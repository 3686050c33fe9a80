ALTER TABLE "cart_line" ADD COLUMN "engraving" jsonb;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "engraving" jsonb;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "engraving" jsonb;