CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"provider_refund_id" varchar(200) NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seller_legal_name" varchar(200) DEFAULT '' NOT NULL,
	"seller_address" varchar(300) DEFAULT '' NOT NULL,
	"seller_company_id" varchar(40) DEFAULT '' NOT NULL,
	"seller_vat_id" varchar(40) DEFAULT '' NOT NULL,
	"seller_email" varchar(254) DEFAULT '' NOT NULL,
	"seller_phone" varchar(40) DEFAULT '' NOT NULL,
	"delivery_address_cents" integer DEFAULT 690 NOT NULL,
	"delivery_office_cents" integer DEFAULT 450 NOT NULL,
	"free_delivery_from_cents" integer DEFAULT 10000,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_fee_cents" integer DEFAULT 150 NOT NULL,
	"return_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_return_days" CHECK ("shop_settings"."return_days" >= 14),
	CONSTRAINT "shop_settings_money" CHECK ("shop_settings"."delivery_address_cents" >= 0 and "shop_settings"."delivery_office_cents" >= 0 and "shop_settings"."cod_fee_cents" >= 0 and coalesce("shop_settings"."free_delivery_from_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" varchar(8) DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" varchar(12) DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" varchar(60);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" varchar(500);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" varchar(200);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
-- Orders from before: their total was their lines, card-paid; their history from what they recorded.
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "at") SELECT "id", 'created', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "at") SELECT "id", 'paid', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- The one settings row, and the change feed for it (migration 0005): `settings`.
INSERT INTO "shop_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER shop_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('settings');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_range" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_cents");