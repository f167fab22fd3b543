-- The product page's "runs small / large" counts the size reasons of returns (YEAR.md section 2),
-- kept with the product's reviews in the catalogue cache: a return's lines drop it.
CREATE TRIGGER return_lines_changed AFTER INSERT OR DELETE OR TRUNCATE ON return_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('catalogue');
