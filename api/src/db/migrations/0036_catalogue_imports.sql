CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"format" varchar(16) NOT NULL,
	"status" varchar(10) DEFAULT 'dry_run' NOT NULL,
	"plan" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"touched" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_applied_at_idx" ON "catalogue_imports" USING btree ("applied_at");