CREATE TABLE "webhook_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"answer" text DEFAULT '' NOT NULL,
	"error" text,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_delivery_state" CHECK (state in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_webhook_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_event_key" ON "webhook_delivery" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_endpoint_idx" ON "webhook_delivery" USING btree ("endpoint_id","created_at");--> statement-breakpoint
-- An event for every endpoint listening to it, written in the change's own transaction: a change
-- that rolls back tells no one, and one that commits is told at least once. One id per event, the
-- same for every endpoint, so a receiver can drop a duplicate. Without endpoints it costs one
-- indexless look at a small table.
CREATE OR REPLACE FUNCTION "facet_webhook_emit"(kind text, data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event uuid := gen_random_uuid();
BEGIN
  INSERT INTO "webhook_delivery" ("event_id", "endpoint_id", "event", "payload")
  SELECT event, e."id", kind,
    jsonb_build_object('id', event, 'type', kind, 'created', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'data', data)
  FROM "webhook_endpoint" e
  WHERE e."active" AND kind = ANY (e."events");
  IF FOUND THEN
    PERFORM pg_notify('facet_webhooks', '');
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_webhook_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  kinds text[] := '{}';
  body jsonb;
  k text;
BEGIN
  IF NEW."type" = 'placed' THEN
    kinds := ARRAY['order.placed'];
    IF coalesce((NEW."data"->>'authorizedOnly')::boolean, false) = false THEN
      kinds := array_append(kinds, 'order.paid');
    END IF;
  ELSIF NEW."type" = 'status' AND NEW."data"->>'to' IN ('shipped', 'delivered', 'cancelled') THEN
    kinds := ARRAY['order.' || (NEW."data"->>'to')];
  ELSIF NEW."type" = 'refund' THEN
    kinds := ARRAY['order.refunded'];
  ELSE
    RETURN NULL;
  END IF;
  SELECT "number", "email", "status", "total_cents", "placed_at" INTO o FROM "customer_order" WHERE "id" = NEW."order_id";
  body := jsonb_build_object(
    'orderNumber', o."number", 'email', o."email", 'status', o."status", 'totalCents', o."total_cents",
    'currency', 'USD', 'placedAt', o."placed_at", 'detail', NEW."data" - 'card');
  FOREACH k IN ARRAY kinds LOOP
    PERFORM "facet_webhook_emit"(k, body);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_event_webhook" AFTER INSERT ON "order_event" FOR EACH ROW EXECUTE FUNCTION "facet_webhook_order_event"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_webhook_return_received"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_webhook_emit"('return.received', jsonb_build_object(
    'returnNumber', NEW."number",
    'orderNumber', (SELECT "number" FROM "customer_order" WHERE "id" = NEW."order_id")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "return_received_webhook" AFTER UPDATE OF "status" ON "return_request" FOR EACH ROW
  WHEN (NEW."status" = 'received' AND OLD."status" IS DISTINCT FROM 'received')
  EXECUTE FUNCTION "facet_webhook_return_received"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_webhook_stone_sold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_webhook_emit"('stone.sold', jsonb_build_object(
    'kind', TG_ARGV[0], 'id', NEW."id", 'priceCents', NEW."price_cents",
    'certificateNumber', to_jsonb(NEW)->>'certificate', 'supplierStock', to_jsonb(NEW)->>'supplier_stock'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "diamond_sold_webhook" AFTER UPDATE OF "status" ON "diamond" FOR EACH ROW
  WHEN (NEW."status" = 'sold' AND OLD."status" IS DISTINCT FROM 'sold')
  EXECUTE FUNCTION "facet_webhook_stone_sold"('diamond');
--> statement-breakpoint
CREATE TRIGGER "gemstone_sold_webhook" AFTER UPDATE OF "status" ON "notable_gemstone" FOR EACH ROW
  WHEN (NEW."status" = 'sold' AND OLD."status" IS DISTINCT FROM 'sold')
  EXECUTE FUNCTION "facet_webhook_stone_sold"('gemstone');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_webhook_product_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "facet_webhook_emit"('product.changed', jsonb_build_object(
    'groupId', NEW."id", 'name', NEW."description", 'minPriceCents', NEW."min_price_cents", 'change', lower(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_group_webhook" AFTER INSERT OR UPDATE ON "product_group" FOR EACH ROW
  WHEN (pg_trigger_depth() = 0)
  EXECUTE FUNCTION "facet_webhook_product_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_webhook_customer_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."email_verified" AND (TG_OP = 'INSERT' OR NOT OLD."email_verified") THEN
    PERFORM "facet_webhook_emit"('customer.created', jsonb_build_object(
      'customerId', NEW."id", 'email', NEW."email", 'firstName', NEW."first_name", 'lastName', NEW."last_name",
      'marketingConsent', NEW."marketing_consent"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "app_user_webhook" AFTER INSERT OR UPDATE OF "email_verified" ON "app_user" FOR EACH ROW
  EXECUTE FUNCTION "facet_webhook_customer_created"();
