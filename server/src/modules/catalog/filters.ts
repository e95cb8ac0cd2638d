import type { CatalogFilters } from '@domain/catalog/schemas';
import { toCents } from '@domain/money';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from '../../db/schema';

/**
 * A filter that a facet leaves out when it counts its own options. Adding a filter:
 * docs/architecture.md#how-to-add-a-filter.
 */
export type FacetName =
  | 'variety'
  | 'form'
  | 'cuttingSize'
  | 'pollination'
  | 'organic'
  | 'pesticideFree'
  | 'inStock'
  | 'price';

/** Listings whose search vector matches the full-text query (see search.ts), bound or a placeholder. */
export function searchCondition(tsquery: unknown): SQL {
  return sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery}::text)`;
}

/** Relevance of a search vector (products' own, or a subquery's copy of it) to the full-text query, for ordering. */
export function searchRank(tsquery: unknown, vector: unknown = products.searchVector): SQL {
  return sql`ts_rank(${vector}, to_tsquery('simple', ${tsquery}::text))`;
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

/**
 * How a filter's value enters the SQL: bound as it is, or as a named placeholder of a prepared statement
 * (then the same SQL serves every request with that set of filters).
 */
export type Bind = (name: string, value: unknown) => unknown;
export const bindValues: Bind = (_name, value) => (Array.isArray(value) ? sql.param(value) : value);
export const bindPlaceholders: Bind = (name) => sql.placeholder(name);

/** The placeholders' values for a filter set (see bindPlaceholders). */
export function filterParams(f: CatalogFilters): Record<string, unknown> {
  return {
    variety: f.variety,
    form: f.form,
    cuttingSize: f.cuttingSize,
    pollination: f.pollination,
    minPrice: f.minPrice === null ? null : toCents(f.minPrice),
    maxPrice: f.maxPrice === null ? null : toCents(f.maxPrice),
  };
}

/** Which filters are set: requests with the same shape share one prepared statement. */
export function filterShape(f: CatalogFilters): string {
  return [
    f.variety.length > 0,
    f.form.length > 0,
    f.cuttingSize.length > 0,
    f.pollination.length > 0,
    f.organic,
    f.pesticideFree,
    f.inStock,
    f.minPrice !== null,
    f.maxPrice !== null,
  ]
    .map((set) => (set ? 1 : 0))
    .join('');
}

/** Each filter's own condition, or undefined when that filter is not set. */
export function filterConditions(
  f: CatalogFilters,
  columns: FilterColumns = products,
  bind: Bind = bindValues,
): Record<FacetName, SQL | undefined> {
  const { priceCents } = columns;
  const oneOf = (column: AnyPgColumn, name: string, values: readonly string[]) =>
    values.length ? sql`${column} = any(${bind(name, values)}::text[])` : undefined;
  const price =
    priceCents &&
    and(
      f.minPrice !== null ? sql`${priceCents} >= ${bind('minPrice', toCents(f.minPrice))}` : undefined,
      f.maxPrice !== null ? sql`${priceCents} <= ${bind('maxPrice', toCents(f.maxPrice))}` : undefined,
    );
  return {
    variety: oneOf(columns.variety, 'variety', f.variety),
    form: oneOf(columns.form, 'form', f.form),
    cuttingSize: oneOf(columns.cuttingSize, 'cuttingSize', f.cuttingSize),
    pollination: oneOf(columns.pollination, 'pollination', f.pollination),
    organic: f.organic ? eq(columns.organic, true) : undefined,
    pesticideFree: f.pesticideFree ? eq(columns.pesticideFree, true) : undefined,
    inStock: f.inStock ? eq(columns.inStock, true) : undefined,
    price,
  };
}

/** Visible listings, matching the resolved search term (resolveSearch) when there is one. */
export function baseWhere(tsquery: unknown): SQL {
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
export function filterWhere(f: CatalogFilters, tsquery: unknown, bind: Bind = bindValues): SQL {
  return and(baseWhere(tsquery), otherFilters(filterConditions(f, products, bind))) as SQL;
}
