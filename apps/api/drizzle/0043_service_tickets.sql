CREATE TABLE "service_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"piece" text NOT NULL,
	"order_line_id" integer,
	"target_size" real,
	"notes" text DEFAULT '' NOT NULL,
	"due_on" text NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"estimate_cents" integer,
	"estimate_note" text,
	"token_hash" text,
	"paid_cents" integer,
	"payment_ref" text,
	"card_brand" text,
	"card_last4" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_ticket_status" CHECK (status in ('received', 'estimated', 'approved', 'in_work', 'ready', 'returned', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "service_event" ADD CONSTRAINT "service_event_ticket_id_service_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."service_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_ticket" ADD CONSTRAINT "service_ticket_order_line_id_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_event_ticket_idx" ON "service_event" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_ticket_number_key" ON "service_ticket" USING btree ("number");--> statement-breakpoint
CREATE INDEX "service_ticket_open_idx" ON "service_ticket" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "service_ticket_free_resize_key" ON "service_ticket" USING btree ("order_line_id") WHERE free and status <> 'declined';