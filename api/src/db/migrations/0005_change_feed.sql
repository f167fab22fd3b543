-- One change feed for every cache (docs/decisions/0017). The database says what changed, on one
-- channel, `changes`, whoever changed it (app code, a foreign key cascade, an operator's SQL);
-- every API process hears it and each of its caches drops what depended on it. Payloads:
--   account:<user id>  the user row or one of its sessions changed or went
--   lines:<user id>    a cart or wishlist row of the user
--   catalogue          product data (products, texts, colours, sizes, categories)
--   all                a TRUNCATE: anything may have changed
-- NOTIFY is delivered at commit, identical payloads of one transaction once, in commit order.
-- This replaces migration 0002's `shopper_changes` triggers and the catalogue's own channel.
DROP TRIGGER IF EXISTS users_notify_change ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_change ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS cart_items_notify_change ON cart_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS wishlist_items_notify_change ON wishlist_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_change ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_translations_notify_change ON product_translations;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_colors_notify_change ON product_colors;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_truncate ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_truncate ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS cart_items_notify_truncate ON cart_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS wishlist_items_notify_truncate ON wishlist_items;--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_shopper_change();--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_shopper_statement();--> statement-breakpoint
CREATE FUNCTION notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the payload's kind, then the column that names the row's owner.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION notify_statement_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_row_change('account', 'id');--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_row_change('account', 'user_id');--> statement-breakpoint
CREATE TRIGGER cart_items_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_row_change('lines', 'user_id');--> statement-breakpoint
CREATE TRIGGER wishlist_items_changed AFTER INSERT OR UPDATE OR DELETE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION notify_row_change('lines', 'user_id');--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');--> statement-breakpoint
CREATE TRIGGER product_translations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');--> statement-breakpoint
CREATE TRIGGER product_colors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_colors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');--> statement-breakpoint
CREATE TRIGGER product_sizes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('all');--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('all');--> statement-breakpoint
CREATE TRIGGER cart_items_truncated AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('all');--> statement-breakpoint
CREATE TRIGGER wishlist_items_truncated AFTER TRUNCATE ON wishlist_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('all');
