CREATE TABLE "media_object" (
	"name" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The bytes move, by the names the code reads them by, before their columns go.
INSERT INTO "media_object" ("name", "type", "bytes")
  SELECT 'photo/' || "key" || '/large.webp', 'image/webp', "large" FROM "product_photo"
  UNION ALL SELECT 'photo/' || "key" || '/small.webp', 'image/webp', "small" FROM "product_photo"
  UNION ALL SELECT 'photo/' || "key" || '/large.webp', 'image/webp', "large" FROM "stone_photo"
  UNION ALL SELECT 'photo/' || "key" || '/small.webp', 'image/webp', "small" FROM "stone_photo"
  UNION ALL SELECT 'report/' || "kind" || '-' || "stone_id" || '.pdf', 'application/pdf', "bytes" FROM "stone_report";--> statement-breakpoint
ALTER TABLE "product_photo" DROP COLUMN "large";--> statement-breakpoint
ALTER TABLE "product_photo" DROP COLUMN "small";--> statement-breakpoint
ALTER TABLE "stone_photo" DROP COLUMN "large";--> statement-breakpoint
ALTER TABLE "stone_photo" DROP COLUMN "small";--> statement-breakpoint
ALTER TABLE "stone_report" DROP COLUMN "bytes";
