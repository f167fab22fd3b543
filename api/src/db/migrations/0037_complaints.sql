CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(10) NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"description" varchar(2000) NOT NULL,
	"remedy" varchar(16) NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"outcome" varchar(16),
	"note" varchar(2000),
	"amount_cents" integer,
	"refund_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"repaired_at" timestamp with time zone,
	"replacement_order_id" integer,
	CONSTRAINT "complaints_amount_positive" CHECK ("complaints"."amount_cents" is null or "complaints"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "guarantee_extensions" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "complaint_due_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_extensions" ADD CONSTRAINT "guarantee_extensions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_extensions" ADD CONSTRAINT "guarantee_extensions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_number_key" ON "complaints" USING btree ("number");--> statement-breakpoint
CREATE INDEX "complaints_order_id_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_open_due_idx" ON "complaints" USING btree ("due_at") WHERE "complaints"."status" = 'open';