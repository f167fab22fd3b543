ALTER TABLE "order_items" ADD COLUMN "color_name_bg" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_colors" ADD COLUMN "color_name_bg" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Shops made before this migration get the demo colours' Bulgarian names (the seed's, see
-- api/src/db/seed/catalogue.ts); any other colour keeps '' and shows its English name until an
-- admin names it. Order lines of those colours follow while the colour still has the same name.
UPDATE "product_colors" SET "color_name_bg" = "names"."bg"
FROM (VALUES
  ('Onyx', 'Оникс'),
  ('Champagne', 'Шампанско'),
  ('Bordeaux', 'Бордо'),
  ('Charcoal', 'Антрацит'),
  ('Camel', 'Камел'),
  ('Ivory', 'Слонова кост'),
  ('Midnight', 'Полунощно синьо'),
  ('Oxblood', 'Тъмно бордо'),
  ('Slate', 'Графит'),
  ('Slate Blue', 'Сиво-синьо'),
  ('Bone', 'Екрю'),
  ('Olive', 'Маслинено зелено'),
  ('Sand', 'Пясъчно бежово'),
  ('Burgundy', 'Винено червено'),
  ('Heather Grey', 'Сив меланж'),
  ('Cobalt', 'Кобалтово синьо')
) AS "names" ("en", "bg")
WHERE "product_colors"."color_name" = "names"."en";--> statement-breakpoint
UPDATE "order_items" SET "color_name_bg" = "product_colors"."color_name_bg"
FROM "product_colors"
WHERE "product_colors"."id" = "order_items"."color_id" AND "product_colors"."color_name" = "order_items"."color_name";
