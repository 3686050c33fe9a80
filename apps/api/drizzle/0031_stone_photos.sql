CREATE TABLE "stone_photo" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"stone_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stone_photo_stone_idx" ON "stone_photo" USING btree ("kind","stone_id","position");--> statement-breakpoint
-- A photograph added or removed on one instance reaches the stone's page on every instance at once.
CREATE TRIGGER "stone_photo_changed" AFTER INSERT OR UPDATE OR DELETE ON "stone_photo" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
