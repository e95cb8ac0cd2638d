import {
  CATALOG_FILTERS,
  type CatalogFilter,
  type CatalogFilters,
  type FilterKey,
  filterValues,
  isSet,
} from '@domain/catalog/filters';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blockedCountsFilter, catalogFacetCounts, products, summaryFilters } from '../../db/schema';
import { searchCondition } from './search';

/**
 * The SQL of the catalog's filters, derived from CATALOG_FILTERS (domain/catalog/filters.ts): a filter reads the
 * column its row names, on `products` or on `catalog_facet_counts` (which has every list and flag column; a
 * destination is answered by summaryFrom, a range not at all). Adding a filter: docs/architecture.md#how-to-add-a-filter.
 */

/** A filter that a facet leaves out when it counts its own options. */
export type FacetName = FilterKey;

/** The table filters apply to: products, or catalog_facet_counts (the summary, without the ranges' columns). */
export type FilterSource = object;

/** The column a filter reads in a source, or undefined when the source has none (a range in the summary). */
export function filterColumn(source: FilterSource, f: CatalogFilter): AnyPgColumn | undefined {
  return (source as Record<string, AnyPgColumn | undefined>)[f.column];
}

/**
 * How a filter's value enters the SQL: bound as it is, or as a named placeholder of a prepared statement
 * (then the same SQL serves every request with that set of filters).
 */
export type Bind = (name: string, value: unknown) => unknown;
export const bindValues: Bind = (_name, value) => (Array.isArray(value) ? sql.param(value) : value);
export const bindPlaceholders: Bind = (name) => sql.placeholder(name);

const filters = CATALOG_FILTERS as readonly CatalogFilter[];

/**
 * Each filter's parameters in table order (a range has two, its bounds): whether the filter set sets it, and the
 * value a statement binds for it (none for a flag, whose condition has no parameter). Built once: filterShape and
 * filterParams run on every catalog request and walk this list rather than the table.
 */
interface Param {
  name: string;
  /** The shape's digit: 0 when not set, 1 when set; a list set to one option is 2 (see oneOption). */
  digit: (f: CatalogFilters) => string;
  bound?: (value: unknown) => unknown;
}
const PARAMS: ReadonlyArray<Param> = filters.flatMap((filter): Param[] => {
  if (filter.kind === 'range')
    return [filter.min, filter.max].map(({ param }) => ({
      name: param,
      digit: (f: CatalogFilters) => (filterValues(f)[param] !== null ? '1' : '0'),
      bound: (value: unknown) => (value === null ? null : filter.toColumn(value as number)),
    }));
  if (filter.kind === 'list')
    return [
      {
        name: filter.key,
        digit: (f: CatalogFilters) => {
          const value = filterValues(f)[filter.key] as string[];
          return value.length === 0 ? '0' : value.length === 1 ? '2' : '1';
        },
        bound: (value: unknown) => (oneOption(value) ? (value as string[])[0] : value),
      },
    ];
  const digit = (f: CatalogFilters) => (isSet(filter, f) ? '1' : '0');
  return [filter.kind === 'flag' ? { name: filter.key, digit } : { name: filter.key, digit, bound: same }];
});

/**
 * A list set to one option is the condition `column = value`, not `column = any(array[value])`: the planner
 * treats an equality as a constant of the index's order (products_variety_popularity_idx walks one variety in
 * popularity order), while `= any(…)` makes it read and sort every match.
 */
function oneOption(value: unknown): boolean {
  return Array.isArray(value) && value.length === 1;
}

function same(value: unknown): unknown {
  return value;
}

/** The placeholder of the seller a list is scoped to (baseWhere), its value given by filterParams. */
const SELLER_PARAM = 'sellerId';

/**
 * The placeholders' values for a filter set (see bindPlaceholders): each list's options, each destination's place,
 * each range's bounds, and, scoped to a seller (`f.seller`), that seller's id (`sellerId`: the caller resolves the
 * username).
 */
export function filterParams(f: CatalogFilters, sellerId: number | null = null): Record<string, unknown> {
  const values = filterValues(f);
  const params: Record<string, unknown> = {};
  for (const { name, bound } of PARAMS) if (bound) params[name] = bound(values[name]);
  if (f.seller !== null) params[SELLER_PARAM] = sellerId;
  return params;
}

/**
 * Which filters are set, one digit each (a range: one per bound), then whether the list is one seller's: requests
 * with one shape share a statement.
 */
export function filterShape(f: CatalogFilters): string {
  let shape = '';
  for (const { digit } of PARAMS) shape += digit(f);
  return f.seller === null ? shape : `${shape}s`;
}

/** Each filter's own condition, or undefined when that filter is not set or the source lacks its column. */
export function filterConditions(
  f: CatalogFilters,
  source: FilterSource = products,
  bind: Bind = bindValues,
): Record<FacetName, SQL | undefined> {
  const values = filterValues(f);
  const conditions = {} as Record<FacetName, SQL | undefined>;
  for (const filter of filters) {
    const column = filterColumn(source, filter);
    const key = filter.key as FacetName;
    if (!column || !isSet(filter, f)) {
      conditions[key] = undefined;
    } else if (filter.kind === 'list') {
      const value = values[filter.key] as string[];
      conditions[key] = oneOption(value)
        ? sql`${column} = ${bind(filter.key, value[0])}::text`
        : sql`${column} = any(${bind(filter.key, value)}::text[])`;
    } else if (filter.kind === 'flag') {
      conditions[key] = eq(column, true);
    } else if (filter.kind === 'destination') {
      // The column lists the places a listing may not go to (no index can serve a "does not contain": the list's
      // order index or the summary does the walking).
      conditions[key] = sql`not (${column} @> array[${bind(filter.key, values[filter.key])}::text])`;
    } else {
      const bound = (param: string, op: SQL) => {
        const value = values[param] as number | null;
        return value === null ? undefined : sql`${column} ${op} ${bind(param, filter.toColumn(value))}`;
      };
      conditions[key] = and(bound(filter.min.param, sql.raw('>=')), bound(filter.max.param, sql.raw('<=')));
    }
  }
  return conditions;
}

/**
 * Visible listings, of one seller when the filters are scoped to one (its id a placeholder, filterParams' value:
 * docs/decisions/0024-storefronts.md), matching the resolved search term (resolveSearch) when there is one.
 */
export function baseWhere(f: CatalogFilters, tsquery: unknown): SQL {
  return and(
    isNull(products.archivedAt),
    f.seller === null ? undefined : sql`${products.sellerId} = ${sql.placeholder(SELLER_PARAM)}`,
    tsquery ? searchCondition(tsquery) : undefined,
  ) as SQL;
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
  return and(baseWhere(f, tsquery), otherFilters(filterConditions(f, products, bind))) as SQL;
}

/**
 * Whether the filters can be answered from catalog_facet_counts: not scoped to a seller, and every set filter has a
 * column there, or is the destination that summaryFrom answers.
 */
export function summaryAnswers(f: CatalogFilters, summary: FilterSource): boolean {
  // The summary counts the whole catalog: one seller's listings are counted from themselves.
  if (f.seller !== null) return false;
  return filters.every(
    (filter) =>
      !isSet(filter, f) || filter.kind === 'destination' || filterColumn(summary, filter) !== undefined,
  );
}

/**
 * What a read of catalog_facet_counts reads FROM: the table, or, with the destination filter set (shipsTo=CA), the
 * table's rows less the rows of catalog_blocked_counts for that place (the same combinations, counting the listings
 * that may not go there) under the table's name, so the summary's columns and conditions apply unchanged and the
 * sums count only listings that may go there (docs/decisions/0015-ships-to-filter.md).
 */
export function summaryFrom(f: CatalogFilters, bind: Bind = bindValues): SQL | typeof catalogFacetCounts {
  const destination = blockedCountsFilter();
  if (!isSet(destination, f)) return catalogFacetCounts;
  const names = sql.raw(
    summaryFilters()
      .map((s) => products[s.column as keyof typeof products.$inferSelect].name)
      .join(', '),
  );
  const place = sql.raw(products[destination.column as keyof typeof products.$inferSelect].name);
  const value = bind(destination.key, filterValues(f)[destination.key]);
  return sql`(select ${names}, n from catalog_facet_counts
              union all
              select ${names}, -n from catalog_blocked_counts where ${place} = ${value}) as catalog_facet_counts`;
}
