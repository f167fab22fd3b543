CREATE TABLE "login_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_devices_token_hash_key" ON "login_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_devices_user_id_idx" ON "login_devices" USING btree ("user_id");--> statement-breakpoint
-- Before the index: of several pending orders of one shopper (left by simultaneous checkouts), only the newest stays open.
UPDATE "orders" SET "status" = 'cancelled' WHERE "status" = 'pending' AND "id" NOT IN (SELECT max("id") FROM "orders" WHERE "status" = 'pending' GROUP BY "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_user" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending';