-- catalog_facet_counts (and catalog_blocked_counts) change with the filter table: emptied before their columns
-- change, then the trigger function and their rows are written again from the table (scripts/db-generate.ts).
DELETE FROM catalog_facet_counts;
--> statement-breakpoint
CREATE TABLE "catalog_blocked_counts" (
	"blocked_to" text NOT NULL,
	"variety" text NOT NULL,
	"form" text NOT NULL,
	"ships_as" text NOT NULL,
	"cutting_size" text NOT NULL,
	"pollination" text NOT NULL,
	"rooted" boolean NOT NULL,
	"callused" boolean NOT NULL,
	"grafted" boolean NOT NULL,
	"organic" boolean NOT NULL,
	"pesticide_free" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_blocked_counts_pkey" PRIMARY KEY("blocked_to","variety","form","ships_as","cutting_size","pollination","rooted","callused","grafted","organic","pesticide_free","in_stock")
);
--> statement-breakpoint
CREATE TABLE "shipping_rules_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules_hash" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rules_state_one_row" CHECK ("shipping_rules_state"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "products_filters_idx";--> statement-breakpoint
-- HAND-WRITTEN note, no SQL: the backfill of blocked_to is not here. The rules that decide it are TypeScript
-- (SHIPPING_RULES, decideShipping); the first start-up after this migration finds shipping_rules_state empty and
-- computes every listing's array from its seller's profile (BlockedDestinations.applyRules), before it serves; the
-- trigger fills catalog_blocked_counts as it goes. Until then '{}' hides nothing, and checkout decides live anyway
-- (docs/decisions/0015-ships-to-filter.md).
ALTER TABLE "products" ADD COLUMN "blocked_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_computed_on" date;--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("variety","form","ships_as","cutting_size","pollination","rooted","callused","grafted","organic","pesticide_free","in_stock","blocked_to","price_cents") WHERE archived_at is null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)::int FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO catalog_blocked_counts AS c (blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT p.place, variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)::int FROM new_rows CROSS JOIN LATERAL unnest(new_rows.blocked_to) AS p(place) WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ON CONFLICT ON CONSTRAINT catalog_blocked_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, -count(*)::int FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO catalog_blocked_counts AS c (blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT p.place, variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, -count(*)::int FROM old_rows CROSS JOIN LATERAL unnest(old_rows.blocked_to) AS p(place) WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ON CONFLICT ON CONSTRAINT catalog_blocked_counts_pkey DO UPDATE SET n = c.n + excluded.n;
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
    INSERT INTO catalog_blocked_counts AS c (blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
      SELECT blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, sum(d)::int
      FROM (
        SELECT p.place, variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, 1 AS d FROM new_rows CROSS JOIN LATERAL unnest(new_rows.blocked_to) AS p(place) WHERE archived_at IS NULL
        UNION ALL
        SELECT p.place, variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, -1 FROM old_rows CROSS JOIN LATERAL unnest(old_rows.blocked_to) AS p(place) WHERE archived_at IS NULL
      ) AS delta (blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, d)
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 HAVING sum(d) <> 0
    ON CONFLICT ON CONSTRAINT catalog_blocked_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO catalog_facet_counts (variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
  SELECT variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)
  FROM products WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO catalog_blocked_counts (blocked_to, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic, pesticide_free, in_stock, n)
  SELECT p.place, variety, form, ships_as, coalesce(cutting_size, ''), coalesce(pollination, ''), rooted, callused, grafted, organic, pesticide_free, in_stock, count(*)
  FROM products CROSS JOIN LATERAL unnest(products.blocked_to) AS p(place)
  WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
