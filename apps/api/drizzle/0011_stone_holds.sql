ALTER TABLE "diamond" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "diamond" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notable_gemstone" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "notable_gemstone" ADD COLUMN "hold_until" timestamp with time zone;