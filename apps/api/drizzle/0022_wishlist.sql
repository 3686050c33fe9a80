CREATE TABLE "wishlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text,
	"user_id" integer,
	"share_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_owner" CHECK ((session_id is null) <> (user_id is null))
);
--> statement-breakpoint
CREATE TABLE "wishlist_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"wishlist_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"configuration" jsonb,
	"item_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishlist" ADD CONSTRAINT "wishlist_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_item" ADD CONSTRAINT "wishlist_item_wishlist_id_wishlist_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_session_key" ON "wishlist" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_user_key" ON "wishlist" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_share_key" ON "wishlist" USING btree ("share_token");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_item_key" ON "wishlist_item" USING btree ("wishlist_id","item_key");--> statement-breakpoint
CREATE INDEX "wishlist_item_list" ON "wishlist_item" USING btree ("wishlist_id","id");