CREATE TABLE "stone_media_fetch" (
	"kind" text NOT NULL,
	"stone_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"run_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stone_media_fetch_kind_stone_id_pk" PRIMARY KEY("kind","stone_id"),
	CONSTRAINT "stone_media_fetch_state" CHECK (state in ('waiting', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stone_photo" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE INDEX "stone_media_fetch_run_idx" ON "stone_media_fetch" USING btree ("run_id","state");