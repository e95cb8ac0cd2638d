DROP INDEX "products_variety_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("variety","form","cutting_size","pollination","organic","pesticide_free","in_stock","price_cents") WHERE archived_at is null;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";