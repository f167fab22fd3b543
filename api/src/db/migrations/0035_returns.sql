CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"exchange_color_id" integer,
	"exchange_size" varchar(3),
	"held" integer DEFAULT 0 NOT NULL,
	"seal_intact" boolean,
	"resell" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_quantity" CHECK ("return_lines"."quantity" >= 1 and "return_lines"."held" >= 0 and "return_lines"."resell" >= 0 and "return_lines"."damaged" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(20) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"note" text,
	"refund_cents" integer NOT NULL,
	"label_cost_cents" integer DEFAULT 0 NOT NULL,
	"label" jsonb,
	"reject_reason" text,
	"withdrawal_id" integer,
	"exchange_order_id" integer,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_money" CHECK ("returns"."refund_cents" >= 0 and "returns"."label_cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_exchange_color_id_product_colors_id_fk" FOREIGN KEY ("exchange_color_id") REFERENCES "public"."product_colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_id_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_item_id_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_lines_product_id_idx" ON "return_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_reference_key" ON "returns" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "returns_order_id_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");