ALTER TABLE "product_group" ADD COLUMN "metals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "default_product_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_group" ADD COLUMN "facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_group_facets_idx" ON "product_group" USING gin ("facets");--> statement-breakpoint
UPDATE "product_group" g SET
  "metals" = coalesce((select array_agg(distinct v.metal) from product v where v.group_id = g.id and v.active), '{}'),
  "default_product_id" = coalesce((select v.id from product v where v.group_id = g.id and v.metal = g.default_metal and v.active
    order by (coalesce(v.finger_size, 7) = 7 and coalesce(v.length_in, 18) = 18) desc, v.price_cents, v.id limit 1), 0),
  "facets" = coalesce((select array_agg(a.label || '=' || a.value order by a.label, a.value) from product_attribute a where a.group_id = g.id), '{}');
