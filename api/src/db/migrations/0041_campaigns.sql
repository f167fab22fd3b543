CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_campaign_id_subscriber_id_pk" PRIMARY KEY("campaign_id","subscriber_id"),
	CONSTRAINT "campaign_recipients_state" CHECK ("campaign_recipients"."state" in ('sending', 'sent', 'skipped', 'failed', 'retry'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience_kind" varchar(16) DEFAULT 'all' NOT NULL,
	"audience_value" varchar(40),
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"queued" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "marketing_rate_per_minute" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "marketing_abandoned_cart_hours" double precision DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_marketing" CHECK ("shop_settings"."marketing_rate_per_minute" between 1 and 10000 and "shop_settings"."marketing_abandoned_cart_hours" between 0 and 720);