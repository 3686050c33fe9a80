-- A change to stones names them (channel facet_catalogue, payload "diamond:<id>,<id>…"), so a shared
-- cache in front purges those stones' pages and the stone listings, not every page of the store.
-- A statement that touched more than 200 stones (an import) says "diamond": every stone's page goes.
-- Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION "facet_diamonds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM changed_old LIMIT 201) s;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM changed_new LIMIT 201) s;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  ELSIF n > 200 THEN
    PERFORM pg_notify('facet_catalogue', 'diamond');
  ELSE
    PERFORM pg_notify('facet_catalogue', 'diamond:' || ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "diamond_changed" ON "diamond";--> statement-breakpoint
CREATE TRIGGER "diamond_inserted" AFTER INSERT ON "diamond" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "facet_diamonds_changed"();--> statement-breakpoint
CREATE TRIGGER "diamond_updated" AFTER UPDATE ON "diamond" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "facet_diamonds_changed"();--> statement-breakpoint
CREATE TRIGGER "diamond_deleted" AFTER DELETE ON "diamond" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "facet_diamonds_changed"();
