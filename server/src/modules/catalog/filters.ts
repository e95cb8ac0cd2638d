import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
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

/** Each filter's own condition, or undefined when that filter is not set. */
export function filterConditions(f: CatalogFilters): Record<FacetName, SQL | undefined> {
  const price = and(
    f.minPrice !== null ? gte(products.priceCents, toCents(f.minPrice)) : undefined,
    f.maxPrice !== null ? lte(products.priceCents, toCents(f.maxPrice)) : undefined,
  );
  return {
    variety: f.variety.length ? inArray(products.variety, f.variety) : undefined,
    form: f.form.length ? inArray(products.form, f.form) : undefined,
    cuttingSize: f.cuttingSize.length ? inArray(products.cuttingSize, f.cuttingSize) : undefined,
    pollination: f.pollination.length ? inArray(products.pollination, f.pollination) : undefined,
    organic: f.organic ? eq(products.organic, true) : undefined,
    pesticideFree: f.pesticideFree ? eq(products.pesticideFree, true) : undefined,
    inStock: f.inStock ? eq(products.inStock, true) : undefined,
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
