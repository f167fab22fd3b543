CREATE TABLE "complaint_acknowledgements" (
	"complaint_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" varchar(10) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaint_acknowledgements" ADD CONSTRAINT "complaint_acknowledgements_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_acknowledgements" ADD CONSTRAINT "complaint_acknowledgements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_acknowledgements_order_id_idx" ON "complaint_acknowledgements" USING btree ("order_id");