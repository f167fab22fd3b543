-- A published recall shows in the settings' answer (the footer's link) and the pages (decision 0059).
CREATE TRIGGER recalls_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recalls
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_change('settings');
