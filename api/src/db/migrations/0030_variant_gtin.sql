ALTER TABLE "product_variants" ADD COLUMN "gtin" varchar(14);--> statement-breakpoint
-- SKUs and GTINs set on variants are in the product feeds and the export: their change is the catalogue's.
CREATE TRIGGER product_variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');
