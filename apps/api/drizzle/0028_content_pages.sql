CREATE TABLE "content_page" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"date" text,
	"version" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_kind_slug_pk" PRIMARY KEY("kind","slug")
);
--> statement-breakpoint
-- A page saved on one instance is served by every instance at once: the catalogue channel drops their answers.
CREATE TRIGGER "content_page_changed" AFTER INSERT OR UPDATE OR DELETE ON "content_page" FOR EACH STATEMENT EXECUTE FUNCTION "facet_catalogue_changed"();
