import {
  CATALOG_FILTERS,
  type CatalogFilter,
  type CatalogFilters,
  filterValues,
  parseRangeBound,
  type RangeParam,
} from '@domain/catalog/filters';
import { type ProductListQuery, productListQuerySchema, type Sort } from '@domain/catalog/schemas';
import { PAGE_SIZE } from '@domain/constants';
import { storefrontPath } from '@domain/seo';

/**
 * The marketplace's state lives in its URL (docs/product.md#marketplace and #states): the parameters of the
 * filters (CATALOG_FILTERS, domain/catalog/filters.ts) plus `sort` and `page`. These pure functions read that
 * state from a query string, write it back, and build the API's query strings from it; every filter is handled
 * by its kind, from its row in the table.
 */

/** The filter set (docs/product.md#entities): the parsed filters, under the URL's names. */
export type CatalogFilterSet = CatalogFilters;

export interface MarketplaceState {
  filters: CatalogFilterSet;
  sort: Sort;
  page: number;
}

const filters = CATALOG_FILTERS as readonly CatalogFilter[];

/** A filter set built entry by entry from the table: the type says what the table gives. */
function fromEntries(entries: Record<string, unknown>): CatalogFilterSet {
  return entries as unknown as CatalogFilterSet;
}

/**
 * The filters' defaults with every destination filter defaulting to `place` (null: no filter), scoped to `seller`'s
 * listings (a storefront) or to none.
 */
function defaultsFor(place: string | null, seller: string | null = null): CatalogFilterSet {
  return fromEntries({
    ...Object.fromEntries(
      filters.flatMap(
        (f): Array<[string, unknown]> =>
          f.kind === 'list'
            ? [[f.key, []]]
            : f.kind === 'flag'
              ? [[f.key, f.onByDefault]]
              : f.kind === 'destination'
                ? [[f.key, place]]
                : [
                    [f.min.param, null],
                    [f.max.param, null],
                  ],
      ),
    ),
    search: '',
    seller,
  });
}

/** Defaults: empty lists, flags off (in stock only on), no destination, open ranges, no search. */
export const DEFAULT_FILTERS: Readonly<CatalogFilterSet> = Object.freeze(defaultsFor(null));

/**
 * The defaults once the buyer's place is known (the address the cart ships to, or a ZIP code typed): the same, with
 * each destination filter on for that place ("Ships to California"). The functions below that take `defaults`
 * leave out of the URL what equals them, and read an absent parameter as them.
 */
export function defaultFilters(
  place: string | null,
  seller: string | null = null,
): Readonly<CatalogFilterSet> {
  return place === null && seller === null ? DEFAULT_FILTERS : Object.freeze(defaultsFor(place, seller));
}

export const DEFAULT_SORT: Sort = 'popularity';

export const DEFAULT_STATE: Readonly<MarketplaceState> = Object.freeze({
  filters: DEFAULT_FILTERS,
  sort: DEFAULT_SORT,
  page: 1,
});

type RawQuery = Partial<Record<keyof ProductListQuery, string>>;

/** Every parameter of the marketplace's URL: each filter's (a range's two bounds), search, sort, page. */
const QUERY_KEYS = [
  ...filters.flatMap((f) => (f.kind === 'range' ? [f.min.param, f.max.param] : [f.key])),
  'search',
  'sort',
  'page',
] as Array<keyof ProductListQuery>;

/**
 * Reads the marketplace state from a query string (with or without its "?"). A bad parameter falls back
 * to its default and leaves the others alone; a range with min above max is dropped.
 * A flag on by default (in stock only) is on unless the URL says `key=false`. A destination is the place the URL
 * names, off for `key=any`, else its default (the buyer's place, when known: see defaultFilters).
 */
export function parseMarketplaceSearch(
  search: string | URLSearchParams,
  defaults: Readonly<CatalogFilterSet> = DEFAULT_FILTERS,
): MarketplaceState {
  const params = fromFormSubmission(typeof search === 'string' ? new URLSearchParams(search) : search);
  const raw: RawQuery = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (const f of filters)
    if (f.kind === 'destination' && raw[f.key as keyof RawQuery] === f.anyValue)
      delete raw[f.key as keyof RawQuery];
  const whole = productListQuerySchema.safeParse(raw);
  const q = whole.success ? whole.data : parseEachField(raw);
  const { sort, page, limit: _limit, ...parsed } = q;
  const values: Record<string, unknown> = { ...parsed };
  const fallback = filterValues(defaults);
  // The scope is the page's (a storefront's path), never the query's.
  values.seller = defaults.seller;
  for (const f of filters) {
    if (f.kind === 'flag' && f.onByDefault) values[f.key] = params.get(f.key) !== 'false';
    else if (f.kind === 'destination')
      values[f.key] = params.get(f.key) === f.anyValue ? null : (values[f.key] ?? fallback[f.key] ?? null);
  }
  return { filters: fromEntries(values), sort, page };
}

/**
 * The filter panel sent as a plain form (before the page is adopted, or without JavaScript: FilterPanel) in the
 * URL's own terms: a list's options come one parameter each (`variety=A&variety=B`: joined as `A,B`); a flag on by
 * default and a destination send a hidden "off" value before their checkbox's, so a ticked box wins
 * (`inStock=false&inStock=true` is on, `shipsTo=any&shipsTo=CA` is California); an empty bound is none. A URL the
 * app wrote itself has one value per parameter and passes unchanged.
 */
function fromFormSubmission(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    const f = filters.find((x) => x.key === key);
    let value: string | undefined;
    if (f?.kind === 'list') value = all.filter(Boolean).join(',');
    else if (f?.kind === 'flag') value = all.includes('true') ? 'true' : all.at(-1);
    else if (f?.kind === 'destination') value = all.filter((v) => v !== f.anyValue).at(-1) ?? all.at(-1);
    else value = all[0];
    if (value === undefined || value === '') continue;
    out.set(key, value);
  }
  return out;
}

/** Each parameter on its own: the valid ones are kept, the others take their defaults. */
function parseEachField(raw: RawQuery): ProductListQuery {
  const shape = productListQuerySchema.shape;
  const parsed: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape) as Array<
    [keyof RawQuery, (typeof shape)[keyof typeof shape]]
  >) {
    const result = schema.safeParse(raw[key]);
    parsed[key] = result.success ? result.data : schema.parse(undefined);
  }
  for (const f of filters) {
    if (f.kind !== 'range') continue;
    const min = parsed[f.min.param] as number | null;
    const max = parsed[f.max.param] as number | null;
    if (min !== null && max !== null && min > max) {
      parsed[f.min.param] = null;
      parsed[f.max.param] = null;
    }
  }
  return parsed as ProductListQuery;
}

type Pair = readonly [key: string, value: string];

/**
 * The set filters as query pairs, for the page's URL or for the API. They differ only on a filter with a default:
 * the API gets a flag's `key=true` when on and nothing when off, and a destination's place when set; the URL records
 * only the departure from the default (`inStock=false`, `shipsTo=any`), so a reload keeps the box unchecked.
 */
function filterPairs(
  set: CatalogFilterSet,
  target: 'url' | 'api',
  defaults: Readonly<CatalogFilterSet> = DEFAULT_FILTERS,
): Pair[] {
  const values = filterValues(set);
  const pairs: Pair[] = [];
  for (const f of filters) {
    if (f.kind === 'list') {
      const items = values[f.key] as string[];
      if (items.length > 0) pairs.push([f.key, items.join(',')]);
    } else if (f.kind === 'flag') {
      const on = values[f.key] === true;
      if (target === 'api' ? on : on !== f.onByDefault) pairs.push([f.key, String(on)]);
    } else if (f.kind === 'destination') {
      const place = values[f.key] as string | null;
      if (target === 'api' ? place !== null : place !== filterValues(defaults)[f.key])
        pairs.push([f.key, place ?? f.anyValue]);
    } else {
      for (const { param } of [f.min, f.max]) {
        const bound = values[param] as number | null;
        if (bound !== null) pairs.push([param, String(bound)]);
      }
    }
  }
  if (set.search) pairs.push(['search', set.search]);
  // The API is told the scope; the page's URL has it in its path (catalogPath).
  if (target === 'api' && set.seller !== null) pairs.push(['seller', set.seller]);
  return pairs;
}

const LIST_KEYS = new Set(filters.filter((f) => f.kind === 'list').map((f) => f.key));

/** Percent-encodes pairs, keeping the commas of the list parameters readable (a, b → a,b). */
function encodePairs(pairs: readonly Pair[]): string {
  return pairs
    .map(([key, value]) => {
      const encoded = LIST_KEYS.has(key)
        ? value.split(',').map(encodeURIComponent).join(',')
        : encodeURIComponent(value);
      return `${key}=${encoded}`;
    })
    .join('&');
}

/** The marketplace query string (no "?") for a state: only what differs from the defaults. */
export function toMarketplaceSearch(
  { filters, sort, page }: MarketplaceState,
  defaults: Readonly<CatalogFilterSet> = DEFAULT_FILTERS,
): string {
  const pairs = filterPairs(filters, 'url', defaults);
  if (sort !== DEFAULT_SORT) pairs.push(['sort', sort]);
  if (page > 1) pairs.push(['page', String(page)]);
  return encodePairs(pairs);
}

/** The page a filter set is browsed on: the marketplace, or the storefront of the seller it is scoped to. */
export function catalogPath(set: Pick<CatalogFilterSet, 'seller'>): string {
  return set.seller === null ? '/marketplace' : storefrontPath(set.seller);
}

/** /marketplace (or the storefront the filters are scoped to) with the state's query string. */
export function marketplaceHref(
  state: MarketplaceState,
  defaults: Readonly<CatalogFilterSet> = DEFAULT_FILTERS,
): string {
  const query = toMarketplaceSearch(state, defaults);
  const path = catalogPath(state.filters);
  return query ? `${path}?${query}` : path;
}

/** GET /api/products for one page: only set filters (booleans only when true), then sort, page, limit. */
export function productListUrl({ filters, sort, page }: MarketplaceState, limit = PAGE_SIZE): string {
  const pairs = filterPairs(filters, 'api');
  pairs.push(['sort', sort], ['page', String(page)], ['limit', String(limit)]);
  return `/api/products?${encodePairs(pairs)}`;
}

/** GET /api/products/facets with the same filters. */
export function facetsUrl(filters: CatalogFilterSet): string {
  const query = encodePairs(filterPairs(filters, 'api'));
  return query ? `/api/products/facets?${query}` : '/api/products/facets';
}

/** A key that changes exactly when the filters do (not the sort or the page). */
export function filtersKey(filters: CatalogFilterSet): string {
  return encodePairs(filterPairs(filters, 'url'));
}

/** An active-filter chip: what it shows and the filters without it. */
export interface FilterChip {
  id: string;
  label: string;
  remove: (filters: CatalogFilterSet) => CatalogFilterSet;
}

/** The filters with some entries replaced. */
const withValues = (set: CatalogFilterSet, changes: Record<string, unknown>) =>
  fromEntries({ ...filterValues(set), ...changes });

/**
 * One chip per active filter, in the table's order, then the search term. Removing a list item drops only that
 * item; a range's chip clears both bounds; a flag's chip puts it back to its default (so "In stock only", on by
 * default, has a chip while it is off); so does a destination's, while it departs from its default ("Including
 * what can't ship to CA" while off, "Ships to Texas" for another place).
 */
export function activeFilterChips(
  set: CatalogFilterSet,
  defaults: Readonly<CatalogFilterSet> = DEFAULT_FILTERS,
): FilterChip[] {
  const values = filterValues(set);
  const fallback = filterValues(defaults);
  const chips: FilterChip[] = [];
  for (const f of filters) {
    if (f.kind === 'list') {
      for (const value of values[f.key] as string[])
        chips.push({
          id: `${f.key}:${value}`,
          label: f.options.find((o) => o.value === value)?.label ?? value,
          remove: (x) =>
            withValues(x, { [f.key]: (filterValues(x)[f.key] as string[]).filter((i) => i !== value) }),
        });
    } else if (f.kind === 'flag') {
      if (values[f.key] !== f.onByDefault)
        chips.push({ id: f.key, label: f.chip, remove: (x) => withValues(x, { [f.key]: f.onByDefault }) });
    } else if (f.kind === 'destination') {
      const place = values[f.key] as string | null;
      const byDefault = fallback[f.key] as string | null;
      if (place !== byDefault)
        chips.push({
          id: f.key,
          label: place === null ? f.offChip(byDefault as string) : f.label(place),
          remove: (x) => withValues(x, { [f.key]: byDefault }),
        });
    } else {
      const min = values[f.min.param] as number | null;
      const max = values[f.max.param] as number | null;
      if (min !== null || max !== null)
        chips.push({
          id: f.key,
          label: f.chip(min, max),
          remove: (x) => withValues(x, { [f.min.param]: null, [f.max.param]: null }),
        });
    }
  }
  if (set.search)
    chips.push({ id: 'search', label: `Search: ${set.search}`, remove: (x) => ({ ...x, search: '' }) });
  return chips;
}

/**
 * How many filters are on, for the phone's Filter button ("Filter, 3 on"): the active chips, each a departure from
 * the defaults, less the search's, which the header's search box sets, not the filter drawer.
 */
export function activeFilterCount(chips: readonly FilterChip[]): number {
  return chips.filter((chip) => chip.id !== 'search').length;
}

/** The panel's pending edits: the ranges' bounds as typed. */
export type PendingFilters = Omit<CatalogFilterSet, RangeParam> & Record<RangeParam, string>;

export function toPending(set: CatalogFilterSet): PendingFilters {
  const values = filterValues(set);
  const pending: Record<string, unknown> = { ...values };
  for (const f of filters)
    if (f.kind === 'range')
      for (const { param } of [f.min, f.max])
        pending[param] = values[param] === null ? '' : String(values[param]);
  return pending as PendingFilters;
}

export type PendingResult =
  | { ok: true; filters: CatalogFilterSet }
  | { ok: false; field: RangeParam; message: string };

/**
 * Turns pending edits into filters: an empty bound means none; a bound is kept to the precision its column
 * stores (cents); a bound that is not a number in range, or a minimum above its maximum, is refused
 * (docs/product.md#validation).
 */
export function fromPending(p: PendingFilters): PendingResult {
  const values: Record<string, unknown> = { ...p };
  for (const f of filters) {
    if (f.kind !== 'range') continue;
    const bounds: Array<number | null> = [];
    for (const { param } of [f.min, f.max]) {
      const bound = parseRangeBound(f, (values[param] as string) ?? '');
      if (bound === undefined) return { ok: false, field: param as RangeParam, message: f.invalidMessage };
      values[param] = bound === null ? null : f.fromColumn(f.toColumn(bound));
      bounds.push(values[param] as number | null);
    }
    const [min, max] = bounds;
    if (min != null && max != null && min > max)
      return { ok: false, field: f.min.param as RangeParam, message: f.orderMessage };
  }
  return { ok: true, filters: fromEntries(values) };
}

/** Adds the item when missing, removes it when present. */
export function toggleItem<T>(items: readonly T[], item: T): T[] {
  return items.includes(item) ? items.filter((i) => i !== item) : [...items, item];
}
