CREATE TABLE "import_file_chunk" (
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunk_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_code" text NOT NULL,
	"kind" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"file_run_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"errors_so_far" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"message" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_file_chunk" ADD CONSTRAINT "import_file_chunk_run_id_import_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_run" ADD CONSTRAINT "import_run_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_run_one_live_idx" ON "import_run" USING btree ("supplier_code") WHERE state in ('uploading', 'queued', 'running');--> statement-breakpoint
CREATE INDEX "import_run_created_idx" ON "import_run" USING btree ("created_at");