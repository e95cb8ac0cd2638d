-- catalog_facet_counts changes with the filter table: emptied before its columns change, then its trigger
-- function and its rows are written again from the table (scripts/db-generate.ts).
DELETE FROM catalog_facet_counts;
--> statement-breakpoint
DROP INDEX "products_filters_idx";--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD COLUMN "ships_as" text NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD COLUMN "rooted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD COLUMN "callused" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD COLUMN "grafted" boolean NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN (the default below and the backfill further down; the rest is generated): ships_as has a
-- default only while it is added, so that existing listings can take the column before the backfill.
ALTER TABLE "products" ADD COLUMN "ships_as" text DEFAULT 'potted' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rooted" boolean GENERATED ALWAYS AS (ships_as in ('bare-root', 'potted')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "callused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_inches" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "grafted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rootstock" text;--> statement-breakpoint
-- HAND-WRITTEN backfill: existing listings ship as their form's default (DEFAULT_SHIPS_AS in domain/constants.ts)
-- and are as long as their cutting size says; then ships_as loses its temporary default (schema.ts has none). The
-- old catalog_facet_counts_apply() sees no change in its own columns here, so it writes nothing; the summary is
-- refilled at the end.
UPDATE "products" SET
  "ships_as" = CASE "form" WHEN 'cutting' THEN 'unrooted-cutting' WHEN 'seed' THEN 'seeds' ELSE 'potted' END,
  "length_inches" = CASE "cutting_size" WHEN '6 inch' THEN 6 WHEN '12 inch' THEN 12 END;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "ships_as" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("variety","form","ships_as","cutting_size","pollination","rooted","callused","grafted","organic","pesticide_free","in_stock","price_cents") WHERE archived_at is null;--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" DROP CONSTRAINT "catalog_facet_counts_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD CONSTRAINT "catalog_facet_counts_pkey" PRIMARY KEY("variety","form","ships_as","cutting_size","pollination","rooted","callused","grafted","organic","pesticide_free","in_stock");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ships_as_valid" CHECK ("products"."ships_as" in ('unrooted-cutting', 'bare-root', 'potted', 'seeds'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_length_inches_range" CHECK ("products"."length_inches" is null or "products"."length_inches" between 1 and 120);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_segments_range" CHECK ("products"."segments" is null or "products"."segments" between 1 and 50);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_callused_unrooted" CHECK (not "products"."callused" or "products"."ships_as" = 'unrooted-cutting');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rootstock_grafted" CHECK ("products"."rootstock" is null or "products"."grafted");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)::int FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, -count(*)::int FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO catalog_facet_counts AS c (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, sum(d)::int
      FROM (
        SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, 1 AS d FROM new_rows WHERE archived_at IS NULL
        UNION ALL
        SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, -1 FROM old_rows WHERE archived_at IS NULL
      ) AS delta (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, d)
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(d) <> 0
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO catalog_facet_counts (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
  SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)
  FROM products WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
