ALTER TABLE "orders" ADD COLUMN "payment_url" varchar(1000);--> statement-breakpoint
-- Open checkouts on the built-in page from before: their page is this shop's own.
UPDATE "orders" SET "payment_url" = '/pay/' || "payment_session_id" WHERE "status" = 'pending' AND "payment_provider" = 'local' AND "payment_session_id" IS NOT NULL;
