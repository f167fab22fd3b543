CREATE TABLE "product_color_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"color_id" integer NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_color_images" ADD CONSTRAINT "product_color_images_color_id_product_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."product_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_color_images_color_position_idx" ON "product_color_images" USING btree ("color_id","position");--> statement-breakpoint
-- Caches, pages and ETags of the catalogue follow a colour's images as they follow its other columns.
CREATE TRIGGER product_color_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_color_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');
