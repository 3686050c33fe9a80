ALTER TABLE "content_page" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_page" ADD COLUMN "publish_at" timestamp with time zone;