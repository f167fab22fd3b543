CREATE TABLE "effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(200) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_id" integer,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "effects_key_key" ON "effects" USING btree ("key");--> statement-breakpoint
CREATE INDEX "effects_due_idx" ON "effects" USING btree ("run_after","id") WHERE "effects"."done_at" is null and "effects"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "effects_failed_idx" ON "effects" USING btree ("failed_at") WHERE "effects"."failed_at" is not null and "effects"."done_at" is null;--> statement-breakpoint
-- A new effect wakes the outbox's workers of every process (the change feed, migration 0005), as
-- soon as the transaction that wrote it commits.
CREATE TRIGGER effects_changed AFTER INSERT ON effects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('effects');
