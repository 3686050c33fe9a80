-- Customers' avatars move into the media store's files (avatar/<key>.webp, the key the account row
-- already names; at start-up a store on a bucket moves them on to it). Only the current one of each
-- account is kept: the others were no longer shown.
INSERT INTO "media_object" ("name", "type", "bytes")
  SELECT 'avatar/' || a."key" || '.webp', 'image/webp', a."webp"
  FROM "user_avatar" a JOIN "app_user" u ON u."id" = a."user_id" AND u."avatar_key" = a."key"
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
DROP TABLE "user_avatar" CASCADE;
