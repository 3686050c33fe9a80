CREATE TABLE "stone_report" (
	"kind" text NOT NULL,
	"stone_id" integer NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stone_report_kind_stone_id_pk" PRIMARY KEY("kind","stone_id")
);
