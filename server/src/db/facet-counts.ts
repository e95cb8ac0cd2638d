import { blockedCountsFilter, products, summaryFilters } from './schema';

/**
 * The SQL that keeps catalog_facet_counts, written from the filter table (domain/catalog/filters.ts) so that a new
 * filter needs no hand-edited trigger: `npm run db:generate` (scripts/db-generate.ts) puts it into the migration
 * whenever the summary's columns change, and test/unit/facet-counts-sql.test.ts fails when the migrations' latest
 * version of the function is not the one the table gives.
 */

interface SummaryColumn {
  /** The SQL column name, the same on products and catalog_facet_counts. */
  name: string;
  /** What the trigger reads from a products row: the column, or '' in place of a missing value. */
  value: string;
}

function summaryColumns(): SummaryColumn[] {
  return summaryFilters().map((f) => {
    const column = products[f.column as keyof typeof products.$inferSelect];
    return { name: column.name, value: column.notNull ? column.name : `coalesce(${column.name}, '')` };
  });
}

const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ');

/** The destination's products column (text[]) and its name in catalog_blocked_counts (one place per row). */
function blockedColumnName(): string {
  return products[blockedCountsFilter().column as keyof typeof products.$inferSelect].name;
}

/**
 * `catalog_facet_counts_apply()`: applies the net change of a statement on products to catalog_facet_counts, and to
 * catalog_blocked_counts (the same combinations, once per place in each listing's blocked_to). Rows leaving a
 * combination count -1, rows entering one +1, archived listings not at all; a change that moves no listing between
 * combinations (a stock decrement that leaves it in stock, a new title, sales) writes nothing, so checkouts do not
 * contend there. Each branch names only the transition tables its trigger has.
 */
export function facetCountsFunctionSql(): string {
  const columns = summaryColumns();
  const values = columns.map((c) => c.value).join(', ');
  const names = columns.map((c) => c.name).join(', ');
  const groupBy = positions(columns.length);
  // The columns are named: a column added later sits after n in the table, whatever its place in the key.
  const into = `INSERT INTO catalog_facet_counts AS c (${names}, n)`;
  const upsert = 'ON CONFLICT ON CONSTRAINT catalog_facet_counts_pkey DO UPDATE SET n = c.n + excluded.n;';
  const place = blockedColumnName();
  const intoBlocked = `INSERT INTO catalog_blocked_counts AS c (${place}, ${names}, n)`;
  const upsertBlocked =
    'ON CONFLICT ON CONSTRAINT catalog_blocked_counts_pkey DO UPDATE SET n = c.n + excluded.n;';
  const groupByBlocked = positions(columns.length + 1);
  // One row per place a listing may not go to.
  const places = (rows: string) => `${rows} CROSS JOIN LATERAL unnest(${rows}.${place}) AS p(place)`;
  return `CREATE OR REPLACE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${into}
      SELECT ${values}, count(*)::int FROM new_rows WHERE archived_at IS NULL GROUP BY ${groupBy}
    ${upsert}
    ${intoBlocked}
      SELECT p.place, ${values}, count(*)::int FROM ${places('new_rows')} WHERE archived_at IS NULL GROUP BY ${groupByBlocked}
    ${upsertBlocked}
  ELSIF TG_OP = 'DELETE' THEN
    ${into}
      SELECT ${values}, -count(*)::int FROM old_rows WHERE archived_at IS NULL GROUP BY ${groupBy}
    ${upsert}
    ${intoBlocked}
      SELECT p.place, ${values}, -count(*)::int FROM ${places('old_rows')} WHERE archived_at IS NULL GROUP BY ${groupByBlocked}
    ${upsertBlocked}
  ELSE
    ${into}
      SELECT ${names}, sum(d)::int
      FROM (
        SELECT ${values}, 1 AS d FROM new_rows WHERE archived_at IS NULL
        UNION ALL
        SELECT ${values}, -1 FROM old_rows WHERE archived_at IS NULL
      ) AS delta (${names}, d)
      GROUP BY ${groupBy} HAVING sum(d) <> 0
    ${upsert}
    ${intoBlocked}
      SELECT ${place}, ${names}, sum(d)::int
      FROM (
        SELECT p.place, ${values}, 1 AS d FROM ${places('new_rows')} WHERE archived_at IS NULL
        UNION ALL
        SELECT p.place, ${values}, -1 FROM ${places('old_rows')} WHERE archived_at IS NULL
      ) AS delta (${place}, ${names}, d)
      GROUP BY ${groupByBlocked} HAVING sum(d) <> 0
    ${upsertBlocked}
  END IF;
  RETURN NULL;
END
$$;`;
}

/** Refills catalog_facet_counts and catalog_blocked_counts from the visible listings (after their columns changed). */
export function facetCountsRefillSql(): string {
  const columns = summaryColumns();
  const names = columns.map((c) => c.name).join(', ');
  const values = columns.map((c) => c.value).join(', ');
  const place = blockedColumnName();
  return `INSERT INTO catalog_facet_counts (${names}, n)
  SELECT ${values}, count(*)
  FROM products WHERE archived_at IS NULL GROUP BY ${positions(columns.length)};
--> statement-breakpoint
INSERT INTO catalog_blocked_counts (${place}, ${names}, n)
  SELECT p.place, ${values}, count(*)
  FROM products CROSS JOIN LATERAL unnest(products.${place}) AS p(place)
  WHERE archived_at IS NULL GROUP BY ${positions(columns.length + 1)};`;
}

/** The last definition of catalog_facet_counts_apply() in a migration's SQL, or undefined. */
export function lastFacetCountsFunction(migrationSql: string): string | undefined {
  const all = migrationSql.match(
    /CREATE (?:OR REPLACE )?FUNCTION catalog_facet_counts_apply\(\)[\s\S]*?AS \$\$[\s\S]*?\$\$;/g,
  );
  return all?.at(-1);
}

/** SQL text compared for meaning: comments dropped, spacing collapsed, CREATE and CREATE OR REPLACE alike. */
export function normalizeSql(text: string): string {
  return text
    .replace(/--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/CREATE OR REPLACE FUNCTION/g, 'CREATE FUNCTION')
    .trim();
}
