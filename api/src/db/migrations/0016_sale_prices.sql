CREATE TABLE "product_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"prior_price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sales_price_positive" CHECK ("product_sales"."price_cents" > 0),
	CONSTRAINT "product_sales_ends_after_start" CHECK ("product_sales"."ends_at" is null or "product_sales"."ends_at" > "product_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_product_at_idx" ON "product_prices" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "product_sales_product_starts_idx" ON "product_sales" USING btree ("product_id","starts_at");--> statement-breakpoint
-- The regular price's log is written by the database, whoever changes the price (app, seed, SQL).
CREATE FUNCTION log_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_prices (product_id, price_cents, at) VALUES (NEW.id, NEW.price_cents, now());
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_inserted AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION log_product_price();--> statement-breakpoint
CREATE TRIGGER products_price_changed AFTER UPDATE OF price_cents ON products
  FOR EACH ROW WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents) EXECUTE FUNCTION log_product_price();--> statement-breakpoint
-- The products that exist had their price since they were made, as far as the shop can tell.
INSERT INTO product_prices (product_id, price_cents, at) SELECT id, price_cents, created_at FROM products;--> statement-breakpoint
CREATE TRIGGER product_sales_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sales
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');
