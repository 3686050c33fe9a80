CREATE TABLE "discount_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"amount_cents" integer,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"applies_to" text[] NOT NULL,
	"category_ids" integer[],
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"per_customer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"emails" text[],
	"combines" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses" CHECK (uses >= 0 and (max_uses is null or uses <= max_uses))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_code_idx" ON "discount_code" USING btree ("code");