CREATE TABLE "document_counters" (
	"series" varchar(20) PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"e_shop_number" varchar(20) DEFAULT '' NOT NULL,
	"e_shop_type" smallint DEFAULT 1 NOT NULL,
	"domain" varchar(253) DEFAULT '' NOT NULL,
	"payment_provider_id" varchar(13) DEFAULT '' NOT NULL,
	"vat_rate" integer DEFAULT 20 NOT NULL,
	"cod_settlement" varchar(20) DEFAULT 'postal-money-order' NOT NULL,
	"first_document_number" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_settings_one_row" CHECK ("records_settings"."id" = 1),
	CONSTRAINT "records_settings_type" CHECK ("records_settings"."e_shop_type" in (1, 2)),
	CONSTRAINT "records_settings_vat" CHECK ("records_settings"."vat_rate" between 0 and 50),
	CONSTRAINT "records_settings_first" CHECK ("records_settings"."first_document_number" between 1 and 9999999999)
);
--> statement-breakpoint
CREATE TABLE "sale_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(10) NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"e_shop_number" varchar(20) NOT NULL,
	"vat_rate" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_method" varchar(8) NOT NULL,
	"provider_reference" varchar(200),
	"qr" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sale_documents_number_key" ON "sale_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_documents_order_id_key" ON "sale_documents" USING btree ("order_id");