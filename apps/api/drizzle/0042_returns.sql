CREATE TABLE "return_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_line_quantity" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "return_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"resolution" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"message" text,
	"label_name" text,
	"label" "bytea",
	"condition" text,
	"restocked" boolean DEFAULT false NOT NULL,
	"inspection_note" text,
	"refund_cents" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_request_status" CHECK (status in ('requested', 'approved', 'declined', 'received', 'inspected', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "return_token_hash" text;--> statement-breakpoint
ALTER TABLE "return_line" ADD CONSTRAINT "return_line_return_id_return_request_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_line" ADD CONSTRAINT "return_line_order_line_id_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_line_return_idx" ON "return_line" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_number_key" ON "return_request" USING btree ("number");--> statement-breakpoint
CREATE INDEX "return_request_order_idx" ON "return_request" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_request_status_idx" ON "return_request" USING btree ("status","created_at");