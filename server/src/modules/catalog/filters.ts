import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { toCents } from '../../../../domain/money';
import type { CatalogFilters } from '../../../../domain/schemas/catalog';
import { products } from '../../db/schema';

/** A filter that a facet leaves out when it counts its own options. */
export type FacetName =
  | 'variety'
  | 'form'
  | 'cuttingSize'
  | 'pollination'
  | 'organic'
  | 'pesticideFree'
  | 'inStock'
  | 'price';

/** Listings whose search vector matches the full-text query (see search.ts). */
export function searchCondition(tsquery: string): SQL {
  return sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery})`;
}

/** Relevance of a listing to the full-text query, for ordering. */
export function searchRank(tsquery: string): SQL {
  return sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsquery}))`;
}

/** The columns filters apply to: the products table's, or catalog_facet_counts' (which has no price). */
export interface FilterColumns {
  variety: AnyPgColumn;
  form: AnyPgColumn;
  cuttingSize: AnyPgColumn;
  pollination: AnyPgColumn;
  organic: AnyPgColumn;
  pesticideFree: AnyPgColumn;
  inStock: AnyPgColumn;
  priceCents?: AnyPgColumn;
}

/** Each filter's own condition, or undefined when that filter is not set. */
export function filterConditions(
  f: CatalogFilters,
  columns: FilterColumns = products,
): Record<FacetName, SQL | undefined> {
  const { priceCents } = columns;
  const price =
    priceCents &&
    and(
      f.minPrice !== null ? gte(priceCents, toCents(f.minPrice)) : undefined,
      f.maxPrice !== null ? lte(priceCents, toCents(f.maxPrice)) : undefined,
    );
  return {
    variety: f.variety.length ? inArray(columns.variety, f.variety) : undefined,
    form: f.form.length ? inArray(columns.form, f.form) : undefined,
    cuttingSize: f.cuttingSize.length ? inArray(columns.cuttingSize, f.cuttingSize) : undefined,
    pollination: f.pollination.length ? inArray(columns.pollination, f.pollination) : undefined,
    organic: f.organic ? eq(columns.organic, true) : undefined,
    pesticideFree: f.pesticideFree ? eq(columns.pesticideFree, true) : undefined,
    inStock: f.inStock ? eq(columns.inStock, true) : undefined,
    price,
  };
}

/** Visible listings, matching the resolved search term (resolveSearch) when there is one. */
export function baseWhere(tsquery: string | null): SQL {
  return and(isNull(products.archivedAt), tsquery ? searchCondition(tsquery) : undefined) as SQL;
}

/** The conditions of every filter but one (a facet counts its options with its own filter left out). */
export function otherFilters(
  conditions: Record<FacetName, SQL | undefined>,
  except?: FacetName,
): SQL | undefined {
  return and(...Object.entries(conditions).map(([name, c]) => (name === except ? undefined : c)));
}

/** The WHERE clause for visible listings matching the filters and the resolved search term. */
export function filterWhere(f: CatalogFilters, tsquery: string | null): SQL {
  return and(baseWhere(tsquery), otherFilters(filterConditions(f))) as SQL;
}
