DROP VIEW "public"."product_photo_view";--> statement-breakpoint
ALTER TABLE "product_photo" ADD COLUMN "metal" text;--> statement-breakpoint
CREATE VIEW "public"."product_photo_view" AS (select "key", "group_id", "position", "alt", "width", "height", "source_url", "metal", "created_at" from "product_photo");