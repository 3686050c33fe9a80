CREATE TABLE "mail_suppression" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_contact" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"consent" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_reminder" (
	"cart_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"email" text NOT NULL,
	"value_cents" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminder_cart_id_step_pk" PRIMARY KEY("cart_id","step"),
	CONSTRAINT "cart_reminder_step" CHECK (step in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "cart_restore" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_cart_id" integer NOT NULL,
	"to_cart_id" integer NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_number" text,
	"order_cents" integer,
	"ordered_at" timestamp with time zone
);
--> statement-breakpoint
DROP VIEW "public"."app_user_view";--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_contact" ADD CONSTRAINT "cart_contact_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminder" ADD CONSTRAINT "cart_reminder_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_restore" ADD CONSTRAINT "cart_restore_to_cart_id_cart_id_fk" FOREIGN KEY ("to_cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_restore_to_idx" ON "cart_restore" USING btree ("to_cart_id");--> statement-breakpoint
CREATE INDEX "cart_restore_from_idx" ON "cart_restore" USING btree ("from_cart_id");--> statement-breakpoint
CREATE INDEX "cart_updated_idx" ON "cart" USING btree ("updated_at");--> statement-breakpoint
CREATE VIEW "public"."cart_line_view" AS (select "id", "cart_id", "kind", "ref_id", "configuration", "line_key", "quantity", "engraving", "created_at" from "cart_line");--> statement-breakpoint
CREATE VIEW "public"."cart_view" AS (select "id", "session_id", "user_id", "updated_at", "discount_codes" from "cart");--> statement-breakpoint
CREATE VIEW "public"."mail_suppression_view" AS (select "email", "source", "created_at" from "mail_suppression");--> statement-breakpoint
CREATE VIEW "public"."app_user_view" AS (select "id", "email", "first_name", "last_name", "phone", "email_verified", "marketing_consent", "created_at" from "app_user");