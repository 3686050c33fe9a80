CREATE UNLOGGED TABLE "rate_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_token" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
ALTER TABLE "user_token" ADD COLUMN "pending_first_name" text;--> statement-breakpoint
ALTER TABLE "user_token" ADD COLUMN "pending_last_name" text;--> statement-breakpoint
ALTER TABLE "user_token" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An unverified account's password moves onto its live verify tokens: it becomes the account's
-- password only when a holder of one of them enters the mailed code.
UPDATE "user_token" t SET "pending_password_hash" = u."password_hash", "pending_first_name" = u."first_name", "pending_last_name" = u."last_name"
  FROM "app_user" u WHERE t."user_id" = u."id" AND t."scope" = 'verify' AND NOT u."email_verified";--> statement-breakpoint
UPDATE "app_user" SET "password_hash" = NULL WHERE NOT "email_verified";--> statement-breakpoint
-- One change signal for every API instance: any write to what the storefront shows notifies
-- channel facet_catalogue when its transaction commits, whoever made it (an order, a staff edit,
-- an import, a hand-run fix). Instances drop their answer caches and refresh their copies on it.
CREATE OR REPLACE FUNCTION "facet_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('facet_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "diamond_changed" AFTER INSERT OR UPDATE OR DELETE ON "diamond" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "notable_gemstone_changed" AFTER INSERT OR UPDATE OR DELETE ON "notable_gemstone" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "melee_parcel_changed" AFTER INSERT OR UPDATE OR DELETE ON "melee_parcel" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "gemstone_type_changed" AFTER INSERT OR UPDATE OR DELETE ON "gemstone_type" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_changed" AFTER INSERT OR UPDATE OR DELETE ON "product" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_group_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_group" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_attribute" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "metal_rate_changed" AFTER INSERT OR UPDATE OR DELETE ON "metal_rate" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "category_changed" AFTER INSERT OR UPDATE OR DELETE ON "category" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "menu_item_changed" AFTER INSERT OR UPDATE OR DELETE ON "menu_item" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "configuration_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "configuration_model" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
