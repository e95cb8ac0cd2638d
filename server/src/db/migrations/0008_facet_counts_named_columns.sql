-- The trigger function now names catalog_facet_counts' columns in its INSERTs: a filter column added later sits
-- after n in the table, whatever its place in the key (docs/decisions/0014-one-filter-table.md).
-- catalog_facet_counts changes with the filter table: emptied before its columns change, then its trigger
-- function and its rows are written again from the table (scripts/db-generate.ts).
DELETE FROM catalog_facet_counts;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, n)
      SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, count(*)::int FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts AS c (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, n)
      SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, -count(*)::int FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO catalog_facet_counts AS c (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, n)
      SELECT variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, sum(d)::int
      FROM (
        SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, 1 AS d FROM new_rows WHERE archived_at IS NULL
        UNION ALL
        SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, -1 FROM old_rows WHERE archived_at IS NULL
      ) AS delta (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, d)
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO catalog_facet_counts (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, n)
  SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, count(*)
  FROM products WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
