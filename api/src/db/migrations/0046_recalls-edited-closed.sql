ALTER TABLE "recalls" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "closed_at" timestamp with time zone;