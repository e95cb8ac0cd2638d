import { z } from 'zod';
import {
  CUTTING_SIZE_LABELS,
  CUTTING_SIZES,
  FORM_FILTER_LABELS,
  FORMS,
  POLLINATION_LABELS,
  POLLINATIONS,
  PRIMARY_VARIETIES,
  SHIPS_AS,
  SHIPS_AS_LABELS,
  VARIETIES,
} from '../constants';
import { formatUSD, fromCents, toCents } from '../money';
import { parseDecimal } from '../numbers';
import { dollars } from '../responses';
import { STATE_CODES, stateName } from '../shipping';

/**
 * The catalog's filters, defined once (docs/architecture.md#how-to-add-a-filter and decision note 0014). Every
 * other piece of the filter set is derived from CATALOG_FILTERS: the query schema of GET /api/products and its
 * facets, the marketplace's URL state and chips, the filter panel, the server's SQL conditions, the shape of its
 * prepared statements and their parameters, the facet counts and the `catalog_facet_counts` table with its
 * trigger. A filter's key is its name everywhere: the URL parameter, the field of the parsed filters, the facet.
 */

/** The highest price a filter, a listing or a cart accepts, in dollars. */
export const MAX_PRICE = 100_000;

export interface FilterOption<V extends string = string> {
  value: V;
  /** What the filter panel and the filter's chip show. */
  label: string;
}

/** Keeps listings whose column holds one of the chosen options: `?form=cutting,rooted`. */
export interface ListFilter<K extends string = string, V extends string = string> {
  kind: 'list';
  key: K;
  /** The property of the products table it reads (text; a missing value never matches). */
  column: string;
  /** The filter panel's heading for it. */
  legend: string;
  /** In messages: "Unknown cutting size: 4 inch". */
  noun: string;
  options: ReadonlyArray<FilterOption<V>>;
  /** The panel shows this many options, and the rest after `moreLabel` (the desktop sidebar only). */
  shownFirst?: number;
  moreLabel?: string;
}

/** Keeps listings whose boolean column is true: `?organic=true`. */
export interface FlagFilter<K extends string = string> {
  kind: 'flag';
  key: K;
  column: string;
  /** The panel's heading; consecutive flags with one group share it. */
  group: string;
  /** The checkbox's label. */
  label: string;
  /** The chip shown while the filter departs from its default ("Organic", "Including out of stock"). */
  chip: string;
  /**
   * On unless the marketplace's URL says `key=false` (the URL then records only that departure). The API itself
   * filters only on `key=true`: an absent flag is off there (docs/product.md#calls).
   */
  onByDefault: boolean;
}

/** Keeps listings whose numeric column lies between two optional bounds: `?minPrice=10&maxPrice=50`. */
export interface RangeFilter<
  K extends string = string,
  Min extends string = string,
  Max extends string = string,
> {
  kind: 'range';
  key: K;
  column: string;
  legend: string;
  /** The bounds' parameters, with the panel's labels and placeholders. */
  min: RangeBound<Min>;
  max: RangeBound<Max>;
  /** The largest bound accepted. */
  limit: number;
  /** A value of the range as the API's answers give it (the facets' extent): dollars for a price. */
  valueSchema: () => z.ZodNumber;
  /** A bound's value as the column stores it (dollars to cents), and back. */
  toColumn: (value: number) => number;
  fromColumn: (stored: number) => number;
  /** The chip: "$10.00 – $50.00", "From $10.00", "Up to $50.00". */
  chip: (min: number | null, max: number | null) => string;
  /** The panel's messages for a bound it cannot read, and for a minimum above the maximum. */
  invalidMessage: string;
  orderMessage: string;
}

/**
 * Keeps listings that may go to one place: `?shipsTo=CA`. Whether a listing may go somewhere is not one of its own
 * attributes but a decision of the shipping rules over its seller too, so the server keeps, per listing, the places
 * it may NOT go to in the text[] `column` (products.blocked_to, docs/database.md#what-keeps-blocked_to-right), and
 * the condition is that the array does not hold the place asked for. On by default in the marketplace once the
 * buyer's place is known (the client gives it as the filter's default); the URL then records only a departure: the
 * filter off (`key=any`) or another place (docs/decisions/0015-ships-to-filter.md).
 */
export interface DestinationFilter<K extends string = string, V extends string = string> {
  kind: 'destination';
  key: K;
  /** The products text[] column of the values a listing is refused for. */
  column: string;
  /** The panel's heading it goes under (with the flags of that group). */
  group: string;
  values: readonly V[];
  /** The checkbox's label, and the chip of a place other than the default: "Ships to California". */
  label(value: V): string;
  /** The chip while the filter is off though a place is known: "Including what can't ship to CA". */
  offChip(value: V): string;
  /** The URL's value for the filter turned off: `shipsTo=any`. */
  anyValue: string;
  /** The API's message for a value it does not know. */
  message: string;
}

export interface RangeBound<P extends string = string> {
  param: P;
  label: string;
  placeholder: string;
}

export type CatalogFilter = ListFilter | FlagFilter | DestinationFilter | RangeFilter;

const options = <V extends string>(values: readonly V[], labels?: Readonly<Record<V, string>>) =>
  values.map((value) => ({ value, label: labels ? labels[value] : value }));

const list = <const K extends string, const V extends string>(f: Omit<ListFilter<K, V>, 'kind'>) =>
  ({ kind: 'list', ...f }) as ListFilter<K, V>;
const flag = <const K extends string>(
  f: Omit<FlagFilter<K>, 'kind' | 'onByDefault'> & { onByDefault?: boolean },
) => ({ kind: 'flag', onByDefault: false, ...f }) as FlagFilter<K>;
const range = <const K extends string, const Min extends string, const Max extends string>(
  f: Omit<RangeFilter<K, Min, Max>, 'kind'>,
) => ({ kind: 'range', ...f }) as RangeFilter<K, Min, Max>;
const destination = <const K extends string, const V extends string>(
  f: Omit<DestinationFilter<K, V>, 'kind'>,
) => ({ kind: 'destination', ...f }) as DestinationFilter<K, V>;

/** The range a price chip shows: "$10.00 – $50.00", "From $10.00" or "Up to $50.00". */
export function priceRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${formatUSD(min)} – ${formatUSD(max)}`;
  if (min !== null) return `From ${formatUSD(min)}`;
  return `Up to ${formatUSD(max ?? 0)}`;
}

/**
 * The filters in the order the panel shows them, the chips list them and the statements' shapes spell them.
 * Adding one: a row here, its column on `products` (server/src/db/schema.ts), and `npm run db:generate`.
 */
export const CATALOG_FILTERS = [
  list({
    key: 'variety',
    column: 'variety',
    legend: 'Variety',
    noun: 'variety',
    options: options(VARIETIES),
    shownFirst: PRIMARY_VARIETIES.length,
    moreLabel: 'Show all varieties',
  }),
  list({
    key: 'form',
    column: 'form',
    legend: 'Form',
    noun: 'form',
    options: options(FORMS, FORM_FILTER_LABELS),
  }),
  list({
    key: 'shipsAs',
    column: 'shipsAs',
    legend: 'Ships as',
    noun: 'shipsAs',
    options: options(SHIPS_AS, SHIPS_AS_LABELS),
  }),
  list({
    key: 'cuttingSize',
    column: 'cuttingSize',
    legend: 'Cutting size',
    noun: 'cutting size',
    options: options(CUTTING_SIZES, CUTTING_SIZE_LABELS),
  }),
  list({
    key: 'pollination',
    column: 'pollination',
    legend: 'Pollination',
    noun: 'pollination',
    options: options(POLLINATIONS, POLLINATION_LABELS),
  }),
  flag({ key: 'rooted', column: 'rooted', group: 'Plant', label: 'Rooted', chip: 'Rooted' }),
  flag({ key: 'callused', column: 'callused', group: 'Plant', label: 'Callused', chip: 'Callused' }),
  flag({ key: 'grafted', column: 'grafted', group: 'Plant', label: 'Grafted', chip: 'Grafted' }),
  flag({ key: 'organic', column: 'organic', group: 'Growing practices', label: 'Organic', chip: 'Organic' }),
  flag({
    key: 'pesticideFree',
    column: 'pesticideFree',
    group: 'Growing practices',
    label: 'Pesticide-free',
    chip: 'Pesticide-free',
  }),
  flag({
    key: 'inStock',
    column: 'inStock',
    group: 'Availability',
    label: 'In stock only',
    chip: 'Including out of stock',
    onByDefault: true,
  }),
  destination({
    key: 'shipsTo',
    column: 'blockedTo',
    group: 'Availability',
    values: STATE_CODES,
    label: (state) => `Ships to ${stateName(state)}`,
    offChip: (state) => `Including what can't ship to ${state}`,
    anyValue: 'any',
    message: 'shipsTo must be a two-letter US state code',
  }),
  range({
    key: 'price',
    column: 'priceCents',
    legend: 'Price',
    min: { param: 'minPrice', label: 'Min price', placeholder: '$0' },
    max: { param: 'maxPrice', label: 'Max price', placeholder: '$500' },
    limit: MAX_PRICE,
    valueSchema: dollars,
    toColumn: toCents,
    fromColumn: fromCents,
    chip: priceRangeLabel,
    invalidMessage: `Enter a price from 0 to ${MAX_PRICE.toLocaleString('en-US')}`,
    orderMessage: 'Min price cannot be above max price',
  }),
] as const;

type Filters = (typeof CATALOG_FILTERS)[number];
export type ListFilters = Extract<Filters, { kind: 'list' }>;
export type FlagFilters = Extract<Filters, { kind: 'flag' }>;
export type RangeFilters = Extract<Filters, { kind: 'range' }>;
export type DestinationFilters = Extract<Filters, { kind: 'destination' }>;
/** A filter's name: its URL parameter (a range's bounds have their own), its field, its facet. */
export type FilterKey = Filters['key'];
/** The parameters of the ranges' bounds: minPrice, maxPrice. */
export type RangeParam = RangeFilters['min']['param'] | RangeFilters['max']['param'];

/**
 * The parsed filters: each list's chosen options, each flag, each destination's place (null: no filter), each
 * range's bounds (null when open), the search, and the seller they are scoped to.
 */
export type CatalogFilters = { [F in ListFilters as F['key']]: Array<F['options'][number]['value']> } & {
  [F in FlagFilters as F['key']]: boolean;
} & { [F in DestinationFilters as F['key']]: F['values'][number] | null } & {
  [P in RangeParam]: number | null;
} & {
  search: string;
  /**
   * The scope: one nursery's listings, by its username (its storefront), or null for the whole catalog. Not a filter
   * of the table: no panel section, no chip, no summary column (docs/decisions/0024-storefronts.md).
   */
  seller: string | null;
};

/** The facets' key for how many listings a destination filter hides (see catalogFacetsSchema, ./responses.ts). */
export const hiddenKey = <K extends string>(key: K): `${K}Hidden` => `${key}Hidden`;

export const listFilters = CATALOG_FILTERS.filter((f): f is ListFilters => f.kind === 'list');
export const flagFilters = CATALOG_FILTERS.filter((f): f is FlagFilters => f.kind === 'flag');
export const rangeFilters = CATALOG_FILTERS.filter((f): f is RangeFilters => f.kind === 'range');
export const destinationFilters = CATALOG_FILTERS.filter(
  (f): f is DestinationFilters => f.kind === 'destination',
);

/** What a range bound may be, parsed from its text: a number from 0 to the limit, or null when empty. */
export function parseRangeBound(f: RangeFilter, text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = parseDecimal(trimmed);
  return n === undefined || n < 0 || n > f.limit ? undefined : n;
}

/** A comma-separated list whose every item is one of the filter's options; empty means no filter. */
function listSchema(f: ListFilter) {
  const allowed = new Set(f.options.map((o) => o.value));
  return z
    .string()
    .max(2000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [] as string[];
      const items = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = items.filter((i) => !allowed.has(i));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${f.noun}: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return items;
    });
}

/** `true` filters; `false` or absent means no filter (the API is sent only the set filters). */
function flagSchema(f: FlagFilter) {
  return z
    .enum(['true', 'false'], { message: `${f.key} must be true or false` })
    .optional()
    .transform((v) => v === 'true');
}

/** One of the filter's places (trimmed, upper-cased); absent or empty means no filter. */
function destinationSchema(f: DestinationFilter) {
  const allowed = new Set<string>(f.values);
  return z
    .string()
    .max(100, f.message)
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim().toUpperCase() ?? '';
      if (value === '') return null;
      if (!allowed.has(value)) {
        ctx.addIssue({ code: 'custom', message: f.message });
        return z.NEVER;
      }
      return value;
    });
}

function boundSchema(f: RangeFilter, name: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const n = parseDecimal(v);
      if (n === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number` });
        return z.NEVER;
      }
      if (n < 0) {
        ctx.addIssue({ code: 'custom', message: `${name} cannot be negative` });
        return z.NEVER;
      }
      if (n > f.limit) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${f.limit}` });
        return z.NEVER;
      }
      return n;
    });
}

export const SEARCH_MAX = 100;
/** `seller` is a username: longer than any can be is refused before it reaches the database. */
const SELLER_PARAM_MAX = 100;
const SELLER_PARAM_MESSAGE = "seller must be a seller's username";

/** Each filter's query parameters with their schemas (a query's values are text or absent). */
type FilterShape = { [K in keyof CatalogFilters]: z.ZodType<CatalogFilters[K], string | undefined> };

function filterShape(): FilterShape {
  const shape: Record<string, z.ZodType<unknown, string | undefined>> = {};
  for (const f of CATALOG_FILTERS as readonly CatalogFilter[]) {
    if (f.kind === 'list') shape[f.key] = listSchema(f);
    else if (f.kind === 'flag') shape[f.key] = flagSchema(f);
    else if (f.kind === 'destination') shape[f.key] = destinationSchema(f);
    else {
      shape[f.min.param] = boundSchema(f, f.min.param);
      shape[f.max.param] = boundSchema(f, f.max.param);
    }
  }
  shape.search = z
    .string()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((v) => v?.trim().replace(/\s+/g, ' ') ?? '');
  shape.seller = z
    .string()
    .max(SELLER_PARAM_MAX, SELLER_PARAM_MESSAGE)
    .optional()
    .transform((v) => v?.trim() || null);
  // Built from the table above, entry by entry: the type says what the table gives.
  return shape as FilterShape;
}

export const catalogFilterShape = filterShape();

/** Adds an issue on each range whose minimum is above its maximum (either bound may be absent). */
export function checkRangeOrder(f: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const r of rangeFilters) {
    const min = f[r.min.param] as number | null;
    const max = f[r.max.param] as number | null;
    if (min !== null && max !== null && min > max)
      ctx.addIssue({
        code: 'custom',
        message: `${r.min.param} cannot be above ${r.max.param}`,
        path: [r.min.param],
      });
  }
}

/** Whether a filter is set in the parsed filters (a range: either bound). */
export function isSet(f: CatalogFilter, filters: CatalogFilters): boolean {
  const values = filters as unknown as Record<string, unknown>;
  if (f.kind === 'list') return (values[f.key] as string[]).length > 0;
  if (f.kind === 'flag') return values[f.key] === true;
  if (f.kind === 'destination') return values[f.key] !== null;
  return values[f.min.param] !== null || values[f.max.param] !== null;
}

/** A filter set's values by parameter name, for code that walks the table. */
export function filterValues(filters: CatalogFilters): Record<string, unknown> {
  return filters as unknown as Record<string, unknown>;
}
