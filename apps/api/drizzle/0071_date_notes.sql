CREATE TABLE "date_note" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"occurs_on" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_note_user_id_kind_year_pk" PRIMARY KEY("user_id","kind","year")
);
--> statement-breakpoint
ALTER TABLE "date_note" ADD CONSTRAINT "date_note_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;