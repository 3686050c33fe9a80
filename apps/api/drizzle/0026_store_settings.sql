-- The store's settings (shipping, returns, tax, contact details) are one row of store_setting the
-- owner edits; every instance keeps a copy and hears a change at commit, like a catalogue change.
-- Other keys of the table (a job's watermark) change often and concern no shopper: they stay quiet.
CREATE OR REPLACE FUNCTION "facet_store_setting_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END) = 'store.settings' THEN
    PERFORM pg_notify('facet_catalogue', 'store_setting');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "store_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "store_setting" FOR EACH ROW EXECUTE FUNCTION "facet_store_setting_changed"();
