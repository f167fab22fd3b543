ALTER TABLE "order_items" ADD COLUMN "name_bg" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Until now a line kept the product's name in the language of the checkout. From here on `name` is
-- the English name and `name_bg` the Bulgarian one; earlier lines get the other language's name
-- from the product's texts where the product still has them (issue 28, item 14).
UPDATE "order_items" oi SET "name_bg" = oi."name",
  "name" = coalesce((SELECT t."name" FROM "product_translations" t WHERE t."product_id" = oi."product_id" AND t."language" = 'en'), oi."name")
FROM "orders" o WHERE o."id" = oi."order_id" AND o."locale" = 'bg';--> statement-breakpoint
UPDATE "order_items" oi SET "name_bg" = coalesce((SELECT t."name" FROM "product_translations" t WHERE t."product_id" = oi."product_id" AND t."language" = 'bg'), '')
FROM "orders" o WHERE o."id" = oi."order_id" AND o."locale" <> 'bg';
