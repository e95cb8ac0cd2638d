import { MAX_PRICE, type ProductListQuery, productListQuerySchema, type Sort } from '@domain/catalog/schemas';
import {
  CUTTING_SIZE_LABELS,
  type CuttingSize,
  FORM_FILTER_LABELS,
  PAGE_SIZE,
  POLLINATION_LABELS,
  type Pollination,
  type ProductForm,
  type Variety,
} from '@domain/constants';
import { formatUSD } from '@domain/money';
import { parseDecimal } from '@domain/numbers';

/**
 * The marketplace's state lives in its URL (docs/product.md#marketplace and #states): the
 * filter parameters of the spec plus `sort` and `page`. These pure functions read that state from a
 * query string, write it back, and build the API's query strings from it.
 */

/** The filter set (docs/product.md#entities). */
export interface CatalogFilterSet {
  varieties: Variety[];
  forms: ProductForm[];
  cuttingSizes: CuttingSize[];
  pollinationTypes: Pollination[];
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  minPrice: number | null;
  maxPrice: number | null;
  search: string;
}

export interface MarketplaceState {
  filters: CatalogFilterSet;
  sort: Sort;
  page: number;
}

/** Defaults: empty lists, organic and pesticide-free off, in stock only on, no prices, no search. */
export const DEFAULT_FILTERS: Readonly<CatalogFilterSet> = Object.freeze({
  varieties: [],
  forms: [],
  cuttingSizes: [],
  pollinationTypes: [],
  organic: false,
  pesticideFree: false,
  inStock: true,
  minPrice: null,
  maxPrice: null,
  search: '',
});

export const DEFAULT_SORT: Sort = 'popularity';

export const DEFAULT_STATE: Readonly<MarketplaceState> = Object.freeze({
  filters: DEFAULT_FILTERS,
  sort: DEFAULT_SORT,
  page: 1,
});

type RawQuery = Partial<Record<keyof ProductListQuery, string>>;

const QUERY_KEYS = [
  'variety',
  'form',
  'cuttingSize',
  'pollination',
  'organic',
  'pesticideFree',
  'minPrice',
  'maxPrice',
  'search',
  'sort',
  'page',
] as const satisfies ReadonlyArray<keyof ProductListQuery>;

/**
 * Reads the marketplace state from a query string (with or without its "?"). A bad parameter falls back
 * to its default and leaves the others alone; a price range with min above max is dropped.
 * `inStock` is on unless the URL says `inStock=false`.
 */
export function parseMarketplaceSearch(search: string | URLSearchParams): MarketplaceState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw: RawQuery = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const whole = productListQuerySchema.safeParse(raw);
  const q = whole.success ? whole.data : parseEachField(raw);
  return {
    filters: {
      varieties: q.variety,
      forms: q.form,
      cuttingSizes: q.cuttingSize,
      pollinationTypes: q.pollination,
      organic: q.organic,
      pesticideFree: q.pesticideFree,
      inStock: params.get('inStock') !== 'false',
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
      search: q.search,
    },
    sort: q.sort,
    page: q.page,
  };
}

/** Each parameter on its own: the valid ones are kept, the others take their defaults. */
function parseEachField(raw: RawQuery): ProductListQuery {
  const shape = productListQuerySchema.shape;
  const field = <K extends keyof typeof shape>(key: K): ProductListQuery[K] => {
    const schema = shape[key];
    const result = schema.safeParse(raw[key]);
    return (result.success ? result.data : schema.parse(undefined)) as ProductListQuery[K];
  };
  let minPrice = field('minPrice');
  let maxPrice = field('maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    minPrice = null;
    maxPrice = null;
  }
  return {
    variety: field('variety'),
    form: field('form'),
    cuttingSize: field('cuttingSize'),
    pollination: field('pollination'),
    organic: field('organic'),
    pesticideFree: field('pesticideFree'),
    inStock: field('inStock'),
    minPrice,
    maxPrice,
    search: field('search'),
    sort: field('sort'),
    page: field('page'),
    limit: field('limit'),
  };
}

type Pair = readonly [key: string, value: string];

/** The set filters as query pairs, for the page's URL or for the API (they differ only on inStock). */
function filterPairs(f: CatalogFilterSet, target: 'url' | 'api'): Pair[] {
  const pairs: Pair[] = [];
  const list = (key: string, items: readonly string[]) => {
    if (items.length > 0) pairs.push([key, items.join(',')]);
  };
  list('variety', f.varieties);
  list('form', f.forms);
  list('cuttingSize', f.cuttingSizes);
  list('pollination', f.pollinationTypes);
  if (f.organic) pairs.push(['organic', 'true']);
  if (f.pesticideFree) pairs.push(['pesticideFree', 'true']);
  // The API gets inStock=true when on and nothing when off; the URL records only the departure from
  // the default (inStock=false), so a reload keeps the box unchecked.
  if (target === 'api' && f.inStock) pairs.push(['inStock', 'true']);
  if (target === 'url' && !f.inStock) pairs.push(['inStock', 'false']);
  if (f.minPrice !== null) pairs.push(['minPrice', String(f.minPrice)]);
  if (f.maxPrice !== null) pairs.push(['maxPrice', String(f.maxPrice)]);
  if (f.search) pairs.push(['search', f.search]);
  return pairs;
}

const LIST_KEYS = new Set(['variety', 'form', 'cuttingSize', 'pollination']);

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
export function toMarketplaceSearch({ filters, sort, page }: MarketplaceState): string {
  const pairs = filterPairs(filters, 'url');
  if (sort !== DEFAULT_SORT) pairs.push(['sort', sort]);
  if (page > 1) pairs.push(['page', String(page)]);
  return encodePairs(pairs);
}

/** /marketplace with the state's query string. */
export function marketplaceHref(state: MarketplaceState): string {
  const query = toMarketplaceSearch(state);
  return query ? `/marketplace?${query}` : '/marketplace';
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

/** The range a price chip shows: "$10.00 – $50.00", "From $10.00" or "Up to $50.00". */
export function priceRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${formatUSD(min)} – ${formatUSD(max)}`;
  if (min !== null) return `From ${formatUSD(min)}`;
  return `Up to ${formatUSD(max ?? 0)}`;
}

/**
 * One chip per active filter. Removing a list item drops only that item; the price chip clears both
 * bounds; boolean chips return to their defaults (in stock on, the others off). The search term is a
 * chip too. "In stock only" is on by default, so its chip appears when it is off.
 */
export function activeFilterChips(f: CatalogFilterSet): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const v of f.varieties)
    chips.push({
      id: `variety:${v}`,
      label: v,
      remove: (x) => ({ ...x, varieties: x.varieties.filter((i) => i !== v) }),
    });
  for (const v of f.forms)
    chips.push({
      id: `form:${v}`,
      label: FORM_FILTER_LABELS[v],
      remove: (x) => ({ ...x, forms: x.forms.filter((i) => i !== v) }),
    });
  for (const v of f.cuttingSizes)
    chips.push({
      id: `cuttingSize:${v}`,
      label: CUTTING_SIZE_LABELS[v],
      remove: (x) => ({ ...x, cuttingSizes: x.cuttingSizes.filter((i) => i !== v) }),
    });
  for (const v of f.pollinationTypes)
    chips.push({
      id: `pollination:${v}`,
      label: POLLINATION_LABELS[v],
      remove: (x) => ({ ...x, pollinationTypes: x.pollinationTypes.filter((i) => i !== v) }),
    });
  if (f.organic)
    chips.push({
      id: 'organic',
      label: 'Organic',
      remove: (x) => ({ ...x, organic: DEFAULT_FILTERS.organic }),
    });
  if (f.pesticideFree)
    chips.push({
      id: 'pesticideFree',
      label: 'Pesticide-free',
      remove: (x) => ({ ...x, pesticideFree: DEFAULT_FILTERS.pesticideFree }),
    });
  if (f.inStock !== DEFAULT_FILTERS.inStock)
    chips.push({
      id: 'inStock',
      label: 'Including out of stock',
      remove: (x) => ({ ...x, inStock: DEFAULT_FILTERS.inStock }),
    });
  if (f.minPrice !== null || f.maxPrice !== null)
    chips.push({
      id: 'price',
      label: priceRangeLabel(f.minPrice, f.maxPrice),
      remove: (x) => ({ ...x, minPrice: null, maxPrice: null }),
    });
  if (f.search)
    chips.push({ id: 'search', label: `Search: ${f.search}`, remove: (x) => ({ ...x, search: '' }) });
  return chips;
}

/** The sidebar's pending edits: the price bounds as typed. */
export interface PendingFilters extends Omit<CatalogFilterSet, 'minPrice' | 'maxPrice'> {
  minPrice: string;
  maxPrice: string;
}

export function toPending(f: CatalogFilterSet): PendingFilters {
  return {
    ...f,
    minPrice: f.minPrice === null ? '' : String(f.minPrice),
    maxPrice: f.maxPrice === null ? '' : String(f.maxPrice),
  };
}

export type PendingResult =
  | { ok: true; filters: CatalogFilterSet }
  | { ok: false; field: 'minPrice' | 'maxPrice'; message: string };

const PRICE_MESSAGE = `Enter a price from 0 to ${MAX_PRICE.toLocaleString('en-US')}`;

/** Turns pending edits into filters: an empty price means no bound (docs/product.md#validation). */
export function fromPending(p: PendingFilters): PendingResult {
  const min = parsePrice(p.minPrice);
  if (min === undefined) return { ok: false, field: 'minPrice', message: PRICE_MESSAGE };
  const max = parsePrice(p.maxPrice);
  if (max === undefined) return { ok: false, field: 'maxPrice', message: PRICE_MESSAGE };
  if (min !== null && max !== null && min > max)
    return { ok: false, field: 'minPrice', message: 'Min price cannot be above max price' };
  return { ok: true, filters: { ...p, minPrice: min, maxPrice: max } };
}

/** null for empty, undefined for an invalid price. */
function parsePrice(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = parseDecimal(trimmed);
  if (n === undefined || n < 0 || n > MAX_PRICE) return undefined;
  return Math.round(n * 100) / 100;
}

/** Adds the item when missing, removes it when present. */
export function toggleItem<T>(items: readonly T[], item: T): T[] {
  return items.includes(item) ? items.filter((i) => i !== item) : [...items, item];
}
