ALTER TABLE "records_settings" ALTER COLUMN "payment_provider_id" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "records_settings" ALTER COLUMN "payment_provider_id" SET DEFAULT '';