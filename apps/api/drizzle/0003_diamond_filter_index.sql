-- Covering index for diamond search: the carat range is the most selective filter shoppers set,
-- and every other filter and sort column rides along so the search is an index-only scan.
CREATE INDEX IF NOT EXISTS "diamond_filter_idx" ON "diamond" USING btree ("status", "carat_points")
  INCLUDE ("id", "origin", "shape", "color_rank", "clarity_rank", "cut_rank", "price_cents", "created_at");
