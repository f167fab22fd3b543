CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"items" jsonb NOT NULL,
	"reason" varchar(1000),
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"via" varchar(8) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "composition" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "care" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_key" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
UPDATE "orders" SET "email" = "users"."email" FROM "users" WHERE "users"."id" = "orders"."user_id";