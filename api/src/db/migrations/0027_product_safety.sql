ALTER TABLE "products" ADD COLUMN "safety" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" jsonb;