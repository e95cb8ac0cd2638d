-- The page cache's notification (docs/decisions/0025-page-cache.md): a committed change to what a visitor's page shows
-- (listings, their photos, reviews, sellers and their certificates) sends one NOTIFY on catalog_changed, which every
-- app instance LISTENs to and then drops the pages it keeps. NOTIFY is delivered only at commit, and the same
-- notification sent several times in one transaction is delivered once. Statement-level triggers with a transition
-- table, so a statement that changed no row (a maintenance pass with nothing to do) sends nothing.
CREATE FUNCTION page_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_page_cache_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER products_page_cache_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER products_page_cache_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER product_photos_page_cache_insert AFTER INSERT ON product_photos
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER product_photos_page_cache_update AFTER UPDATE ON product_photos
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER product_photos_page_cache_delete AFTER DELETE ON product_photos
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER reviews_page_cache_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER reviews_page_cache_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER reviews_page_cache_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
-- A user shows on a page as a seller of listings, the writer of a review, or a nursery's storefront: a sign-up (an
-- insert) makes a storefront's address that answered "not found" a page (docs/decisions/0024-storefronts.md), and
-- a profile (username, location, bio, shop name, shipping profile) changes by update. A user with listings or
-- reviews cannot be deleted without them.
CREATE TRIGGER users_page_cache_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER users_page_cache_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER seller_certificates_page_cache_insert AFTER INSERT ON seller_certificates
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER seller_certificates_page_cache_update AFTER UPDATE ON seller_certificates
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();--> statement-breakpoint
CREATE TRIGGER seller_certificates_page_cache_delete AFTER DELETE ON seller_certificates
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify();
