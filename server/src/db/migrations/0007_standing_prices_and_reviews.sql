-- A cart line keeps the unit price its buyer agreed to; the lines already in carts agreed to today's price.
ALTER TABLE "cart_items" ADD COLUMN "agreed_price_cents" integer;--> statement-breakpoint
UPDATE "cart_items" c SET "agreed_price_cents" = p."price_cents" FROM "products" p WHERE p."id" = c."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "agreed_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
-- Reviews written before this rule whose author no longer has a standing purchase are hidden, and the ratings
-- recounted from the reviews still shown.
UPDATE "reviews" r SET "hidden_at" = now()
WHERE NOT EXISTS (
  SELECT 1 FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE o."user_id" = r."user_id" AND oi."product_id" = r."product_id" AND oi."status" <> 'cancelled'
);--> statement-breakpoint
UPDATE "products" p SET
  "rating_count" = (SELECT count(*) FROM "reviews" r WHERE r."product_id" = p."id" AND r."hidden_at" IS NULL),
  "rating_sum" = (SELECT coalesce(sum(r."rating"), 0) FROM "reviews" r WHERE r."product_id" = p."id" AND r."hidden_at" IS NULL)
WHERE p."id" IN (SELECT "product_id" FROM "reviews" WHERE "hidden_at" IS NOT NULL);
