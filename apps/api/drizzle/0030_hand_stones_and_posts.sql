ALTER TABLE "content_page" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "melee_parcel" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notable_gemstone" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "notable_gemstone" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;