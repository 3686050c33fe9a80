CREATE TABLE "appointment" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"item_title" text,
	"item_href" text,
	"cancel_reason" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_status" CHECK (status in ('requested', 'confirmed', 'cancelled')),
	CONSTRAINT "appointment_kind" CHECK (kind in ('in_store', 'video'))
);
--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_slot_key" ON "appointment" USING btree ("starts_at") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointment_starts" ON "appointment" USING btree ("starts_at");