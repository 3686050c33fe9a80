-- Customers' photographs of their pieces move out of their rows into the media store's files
-- (private/<area>/<key>/<size>.webp; at start-up a store on a bucket moves them on to it).
INSERT INTO "media_object" ("name", "type", "bytes")
  SELECT 'private/return/' || "key" || '/large.webp', 'image/webp', "large" FROM "return_photo"
  UNION ALL SELECT 'private/return/' || "key" || '/small.webp', 'image/webp', "small" FROM "return_photo"
  UNION ALL SELECT 'private/service/' || "key" || '/large.webp', 'image/webp', "large" FROM "service_photo"
  UNION ALL SELECT 'private/service/' || "key" || '/small.webp', 'image/webp', "small" FROM "service_photo"
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
ALTER TABLE "return_photo" DROP COLUMN "large";--> statement-breakpoint
ALTER TABLE "return_photo" DROP COLUMN "small";--> statement-breakpoint
ALTER TABLE "service_photo" DROP COLUMN "large";--> statement-breakpoint
ALTER TABLE "service_photo" DROP COLUMN "small";
