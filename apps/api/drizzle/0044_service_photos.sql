CREATE TABLE "service_photo" (
	"key" text PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_photo" ADD CONSTRAINT "service_photo_ticket_id_service_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."service_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_photo_ticket_idx" ON "service_photo" USING btree ("ticket_id","created_at");