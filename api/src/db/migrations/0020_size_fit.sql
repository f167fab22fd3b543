CREATE TABLE "product_variants" (
	"product_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	"size" varchar(3) NOT NULL,
	"sku" varchar(64) NOT NULL,
	CONSTRAINT "product_variants_color_id_size_pk" PRIMARY KEY("color_id","size"),
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "style_code" varchar(32);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit" jsonb;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_color_id_product_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."product_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_id_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_style_code_unique" UNIQUE("style_code");