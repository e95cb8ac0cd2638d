CREATE TABLE "catalog_facet_counts" (
	"variety" text NOT NULL,
	"form" text NOT NULL,
	"cutting_size" text NOT NULL,
	"pollination" text NOT NULL,
	"organic" boolean NOT NULL,
	"pesticide_free" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_facet_counts_pkey" PRIMARY KEY("variety","form","cutting_size","pollination","organic","pesticide_free","in_stock")
);
--> statement-breakpoint
-- Applies the net change of a statement to catalog_facet_counts: rows leaving a combination count -1, rows
-- entering one +1, archived listings not at all. A change that moves no listing between combinations (a stock
-- decrement that leaves it in stock, a new title, sales) writes nothing, so checkouts do not contend here.
CREATE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has (an INSERT has no old rows).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts AS c
      SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, count(*)::int FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts AS c
      SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, -count(*)::int FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO catalog_facet_counts AS c
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
$$;--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();--> statement-breakpoint
INSERT INTO catalog_facet_counts (variety, form, cutting_size, pollination, organic, pesticide_free, in_stock, n)
  SELECT variety, form, coalesce(cutting_size, ''), coalesce(pollination, ''), organic, pesticide_free, in_stock, count(*)
  FROM products WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
