-- Each instance's catalog index (docs/decisions/0041-catalog-facets-in-memory.md) reads again the listings a committed
-- change touched: the products triggers now name them in the notification the page cache already hears
-- (0027_page_cache_notify.sql). The payload is 'p:' and up to 500 ids, comma-separated (at most 5,500 bytes, under
-- PostgreSQL's 8,000), one notification per 500; a statement that changed more than 20,000 listings sends 'p:*' (the
-- index builds again) rather than forty notifications. The page cache drops its pages on any of them, as before.
CREATE FUNCTION products_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  part text;
BEGIN
  SELECT count(*) INTO changed FROM changed_rows;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 20000 THEN
    PERFORM pg_notify('catalog_changed', 'p:*');
    RETURN NULL;
  END IF;
  FOR part IN
    SELECT 'p:' || string_agg(id::text, ',')
    FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS piece FROM changed_rows) numbered
    GROUP BY piece
  LOOP
    PERFORM pg_notify('catalog_changed', part);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER products_page_cache_insert ON products;--> statement-breakpoint
DROP TRIGGER products_page_cache_update ON products;--> statement-breakpoint
DROP TRIGGER products_page_cache_delete ON products;--> statement-breakpoint
CREATE TRIGGER products_page_cache_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();--> statement-breakpoint
CREATE TRIGGER products_page_cache_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();--> statement-breakpoint
CREATE TRIGGER products_page_cache_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
