CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || variety || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("units_sold" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_variety_idx" ON "products" USING btree ("variety","form","price_cents") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_form_idx" ON "products" USING btree ("form","cutting_size","price_cents") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);