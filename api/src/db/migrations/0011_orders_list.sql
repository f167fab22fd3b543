DROP INDEX "orders_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_fulfilment_created_at_idx" ON "orders" USING btree ("fulfilment","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_fulfilment_created_at_idx" ON "orders" USING btree ("status","fulfilment","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
-- Any order written reaches the caches (the change feed, migration 0005): the admin list keeps
-- each filter's total until then. One notification per statement, however many rows it wrote.
CREATE TRIGGER orders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('orders');
