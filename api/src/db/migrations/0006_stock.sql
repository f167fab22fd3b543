CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	"size" varchar(3) NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_color_id_size_pk" PRIMARY KEY("color_id","size"),
	CONSTRAINT "product_stock_on_hand_range" CHECK ("product_stock"."on_hand" >= 0),
	CONSTRAINT "product_stock_reserved_range" CHECK ("product_stock"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	"size" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_color_id_product_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."product_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_color_id_product_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."product_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_product_id_idx" ON "product_stock" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_user_variant_key" ON "stock_alerts" USING btree ("user_id","color_id","size");--> statement-breakpoint
CREATE INDEX "stock_alerts_variant_idx" ON "stock_alerts" USING btree ("color_id","size");--> statement-breakpoint
CREATE INDEX "stock_alerts_product_id_idx" ON "stock_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_pending_expires_at_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Open checkouts from before this migration lapse 30 minutes after they were opened, as new ones do.
UPDATE "orders" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "status" = 'pending';--> statement-breakpoint
-- Stock changes reach the caches (the change feed, migration 0005): `stock:<product id>`.
CREATE TRIGGER product_stock_changed AFTER INSERT OR UPDATE OR DELETE ON product_stock
  FOR EACH ROW EXECUTE FUNCTION notify_row_change('stock', 'product_id');--> statement-breakpoint
CREATE TRIGGER product_stock_truncated AFTER TRUNCATE ON product_stock
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');
