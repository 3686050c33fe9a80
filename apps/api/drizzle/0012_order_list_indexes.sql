DROP INDEX "customer_order_status_idx";--> statement-breakpoint
DROP INDEX "customer_order_placed_idx";--> statement-breakpoint
CREATE INDEX "customer_order_total_idx" ON "customer_order" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "customer_order_email_trgm_idx" ON "customer_order" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_order_name_trgm_idx" ON "customer_order" USING gin (("shipping_address"->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_stone_order_idx" ON "order_stone" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_stone_stone_idx" ON "order_stone" USING btree ("kind","stone_id");--> statement-breakpoint
CREATE INDEX "diamond_certificate_idx" ON "diamond" USING btree ("certificate");--> statement-breakpoint
CREATE INDEX "notable_gemstone_certificate_idx" ON "notable_gemstone" USING btree ("agta_certificate");--> statement-breakpoint
CREATE INDEX "customer_order_status_idx" ON "customer_order" USING btree ("status","placed_at","id");--> statement-breakpoint
CREATE INDEX "customer_order_placed_idx" ON "customer_order" USING btree ("placed_at","id");