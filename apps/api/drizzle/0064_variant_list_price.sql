DROP VIEW "public"."product_view";--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
CREATE VIEW "public"."product_view" AS (select "id", "group_id", "sku", "metal", "finger_size", "length_in", "weight_g", "price_cents", "stock", "lead_days", "active", "cost_cents", "list_price_cents" from "product");