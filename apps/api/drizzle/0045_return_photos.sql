CREATE TABLE "return_photo" (
	"key" text PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_photo" ADD CONSTRAINT "return_photo_return_id_return_request_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_photo_return_idx" ON "return_photo" USING btree ("return_id","created_at");