ALTER TABLE "shop_settings" ALTER COLUMN "max_units_per_variant" SET DEFAULT 99;--> statement-breakpoint
-- A shop whose owner never set the units limit got the old default of 10: it takes the spec's 99 (issue 45).
UPDATE "shop_settings" SET "max_units_per_variant" = 99
WHERE "id" = 1 AND "max_units_per_variant" = 10
  AND NOT EXISTS (SELECT 1 FROM "audit_log" WHERE "action" = 'settings.update'
    AND ("detail"->'changes'->'limits'->'maxUnitsPerVariant') IS NOT NULL);
