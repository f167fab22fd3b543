-- Every API process caches sessions and each shopper's cart, wishlist and profile answers
-- (api/src/platform/cache/). These triggers announce every change those caches depend on, on the
-- channel `shopper_changes`, whoever makes it: app code, a foreign key cascade or an operator's SQL.
-- Payloads: `account:<user id>` (the user row or one of its sessions), `lines:<user id>` (cart or
-- wishlist rows), `catalogue` (product data shown in carts and wishlists), `all` (a TRUNCATE).
-- NOTIFY is delivered at commit, and identical payloads of one transaction are sent once.
CREATE FUNCTION notify_shopper_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the payload's kind, then the column that holds the user id.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('shopper_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('shopper_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_shopper_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shopper_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change('account', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change('account', 'user_id');
--> statement-breakpoint
CREATE TRIGGER cart_items_notify_change AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change('lines', 'user_id');
--> statement-breakpoint
CREATE TRIGGER wishlist_items_notify_change AFTER INSERT OR UPDATE OR DELETE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change('lines', 'user_id');
--> statement-breakpoint
CREATE TRIGGER products_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_translations_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_colors_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_colors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('catalogue');
--> statement-breakpoint
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('all');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('all');
--> statement-breakpoint
CREATE TRIGGER cart_items_notify_truncate AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('all');
--> statement-breakpoint
CREATE TRIGGER wishlist_items_notify_truncate AFTER TRUNCATE ON wishlist_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shopper_statement('all');
