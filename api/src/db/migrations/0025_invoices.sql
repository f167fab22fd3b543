CREATE TABLE "invoice_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"number" varchar(10) NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"refund_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"tax_event_at" timestamp with time zone NOT NULL,
	"recipient" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_credit_note_names_invoice" CHECK ("invoice_documents"."kind" = 'invoice' or "invoice_documents"."invoice_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "invoice_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_profiles" ADD CONSTRAINT "invoice_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number_key" ON "invoice_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_invoice_order_key" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_refund_key" ON "invoice_documents" USING btree ("refund_id") WHERE "invoice_documents"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_documents_order_id_idx" ON "invoice_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_issued_at_idx" ON "invoice_documents" USING btree ("issued_at","id");