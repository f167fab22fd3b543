CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"buyer_id" integer,
	"recipient_name" varchar(100) NOT NULL,
	"recipient_email" varchar(254) NOT NULL,
	"message" varchar(500),
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"payment_provider" varchar(16),
	"payment_session_id" varchar(255),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer,
	"user_id" integer,
	"kind" varchar(12) NOT NULL,
	"cents" integer NOT NULL,
	"order_id" integer,
	"reason" varchar(300),
	"ref" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_one_owner" CHECK (num_nonnulls("ledger_entries"."card_id", "ledger_entries"."user_id") = 1),
	CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind" in ('issued', 'given-back') and "ledger_entries"."cents" > 0) or ("ledger_entries"."kind" in ('spent', 'voided', 'expired') and "ledger_entries"."cents" < 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_payment_session_key" ON "gift_cards" USING btree ("payment_session_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_card_idx" ON "ledger_entries" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
-- Store credit shows in the account's answers (the profile): a new entry of an account announces it (migration 0005).
CREATE TRIGGER ledger_entries_changed AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION notify_row_change('account', 'user_id');--> statement-breakpoint
CREATE TRIGGER ledger_entries_truncated AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('all');
