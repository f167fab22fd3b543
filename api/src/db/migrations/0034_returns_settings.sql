ALTER TABLE "products" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hygiene_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "returns_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "returns_auto_approve" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "returns_shipping" varchar(10) DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "returns_store_credit_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_returns" CHECK ("shop_settings"."returns_window_days" between 14 and 365 and "shop_settings"."returns_shipping" in ('shop', 'shopper') and "shop_settings"."returns_store_credit_bonus_percent" between 0 and 100);