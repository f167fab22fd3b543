CREATE TABLE "courier_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" varchar(16) NOT NULL,
	"code" varchar(40) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"city" varchar(100) NOT NULL,
	"city_en" varchar(100) NOT NULL,
	"postcode" varchar(10) NOT NULL,
	"address" varchar(300) NOT NULL,
	"address_en" varchar(300) NOT NULL,
	"search" varchar(1200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" varchar(16) NOT NULL,
	"state" varchar(10) DEFAULT 'creating' NOT NULL,
	"tracking_number" varchar(100),
	"label" jsonb,
	"parcels" integer DEFAULT 1 NOT NULL,
	"weight_grams" integer DEFAULT 1000 NOT NULL,
	"cod_cents" integer DEFAULT 0 NOT NULL,
	"last_status" varchar(200),
	"polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_money";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_locker_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "courier_sender_office_id" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "courier_sender_address" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "courier_inspection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_offices_courier_code_key" ON "courier_offices" USING btree ("courier","code");--> statement-breakpoint
CREATE INDEX "courier_offices_city_idx" ON "courier_offices" USING btree (lower("city")) WHERE "courier_offices"."active";--> statement-breakpoint
CREATE INDEX "courier_offices_city_en_idx" ON "courier_offices" USING btree (lower("city_en")) WHERE "courier_offices"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_order_id_key" ON "courier_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "courier_shipments_tracked_idx" ON "courier_shipments" USING btree ("courier","polled_at") WHERE "courier_shipments"."state" = 'created';--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_money" CHECK ("shop_settings"."delivery_address_cents" >= 0 and "shop_settings"."delivery_office_cents" >= 0 and "shop_settings"."cod_fee_cents" >= 0 and coalesce("shop_settings"."free_delivery_from_cents", 0) >= 0 and coalesce("shop_settings"."delivery_locker_cents", 0) >= 0);