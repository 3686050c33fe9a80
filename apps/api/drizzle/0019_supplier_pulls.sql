ALTER TABLE "supplier" ADD COLUMN "feed_url" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "feed_full" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "pull_every_minutes" integer;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "next_pull_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "last_pull_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "last_pull_result" text;--> statement-breakpoint
CREATE INDEX "supplier_next_pull_idx" ON "supplier" ("next_pull_at") WHERE "pull_every_minutes" IS NOT NULL;
