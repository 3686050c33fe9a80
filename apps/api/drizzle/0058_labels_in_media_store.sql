-- Shipping labels' PDFs move out of their rows into the media store's files (label/…; at start-up a
-- store on a bucket moves them on to it).
INSERT INTO "media_object" ("name", "type", "bytes")
  SELECT 'label/shipment-' || "id" || '.pdf', 'application/pdf', "label_pdf" FROM "shipment" WHERE "label_pdf" IS NOT NULL
  UNION ALL SELECT 'label/return-' || "number" || '.pdf', 'application/pdf', "label" FROM "return_request" WHERE "label" IS NOT NULL
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
ALTER TABLE "shipment" DROP COLUMN "label_pdf";--> statement-breakpoint
ALTER TABLE "return_request" DROP COLUMN "label";
