CREATE TABLE "shipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"return_number" text,
	"provider" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"state" text DEFAULT 'prepared' NOT NULL,
	"carrier" text,
	"service" text,
	"tracking_number" text,
	"tracking_url" text,
	"insured_cents" integer DEFAULT 0 NOT NULL,
	"signature" boolean NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"label_pdf" "bytea",
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bought_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "shipping_service" jsonb;--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_outbound_once" ON "shipment" USING btree ("order_id") WHERE kind = 'outbound';--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_return_once" ON "shipment" USING btree ("return_number") WHERE kind = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_tracking_idx" ON "shipment" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipment_order_idx" ON "shipment" USING btree ("order_id");