CREATE TABLE "customer_segment" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
