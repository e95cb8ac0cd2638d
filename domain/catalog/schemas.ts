import { z } from 'zod';
import { CUTTING_SIZES, FORMS, MAX_PAGE_SIZE, PAGE_SIZE, POLLINATIONS, VARIETIES } from '../constants';
import { parseDecimal } from '../numbers';

export const SORTS = ['popularity', 'price-low-high', 'price-high-low', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  popularity: 'Most popular',
  'price-low-high': 'Price: Low to High',
  'price-high-low': 'Price: High to Low',
  newest: 'Newest',
};

export const MAX_PRICE = 100_000;
export const SEARCH_MAX = 100;
/** Above this many matches the total is reported as a lower bound ("10000+"), so a broad filter never pays a full count. */
export const EXACT_TOTAL_LIMIT = 10_000;

/** A comma-separated list whose every item is one of the allowed values; empty means no filter. */
const commaList = <T extends string>(allowed: readonly T[], name: string) =>
  z
    .string()
    .max(2000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [] as T[];
      const items = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = items.filter((i) => !(allowed as readonly string[]).includes(i));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${name}: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return items as T[];
    });

/** `true` filters; `false` or absent means no filter (the spec sends only set filters). */
const flag = (name: string) =>
  z
    .enum(['true', 'false'], { message: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

const price = (name: string) =>
  z
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
      if (n > MAX_PRICE) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${MAX_PRICE}` });
        return z.NEVER;
      }
      return n;
    });

const positiveInt = (name: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1` });
        return z.NEVER;
      }
      const n = Number(v);
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** A price range whose minimum is not above its maximum (either bound may be absent). */
const priceRangeInOrder = (f: { minPrice: number | null; maxPrice: number | null }) =>
  f.minPrice === null || f.maxPrice === null || f.minPrice <= f.maxPrice;
const PRICE_RANGE_ERROR = { message: 'minPrice cannot be above maxPrice', path: ['minPrice'] };

/** The catalog filters (docs/product.md#entities, "Filter set"), as GET /api/products and /marketplace take them. */
export const catalogFilterSchema = z
  .object({
    variety: commaList(VARIETIES, 'variety'),
    form: commaList(FORMS, 'form'),
    cuttingSize: commaList(CUTTING_SIZES, 'cutting size'),
    pollination: commaList(POLLINATIONS, 'pollination'),
    organic: flag('organic'),
    pesticideFree: flag('pesticideFree'),
    inStock: flag('inStock'),
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    search: z
      .string()
      .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
      .optional()
      .transform((v) => v?.trim().replace(/\s+/g, ' ') ?? ''),
  })
  .refine(priceRangeInOrder, PRICE_RANGE_ERROR);
export type CatalogFilters = z.output<typeof catalogFilterSchema>;

/** GET /api/products query: the filters plus sort and paging. */
export const productListQuerySchema = z
  .object({
    ...catalogFilterSchema.shape,
    sort: z
      .enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` })
      .optional()
      .default('popularity'),
    page: positiveInt('page', 1, 100_000),
    limit: positiveInt('limit', PAGE_SIZE, MAX_PAGE_SIZE),
  })
  .refine(priceRangeInOrder, PRICE_RANGE_ERROR);
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** A listing as the API shows it. Prices in dollars. */
export interface Product {
  id: number;
  sellerId: number;
  title: string;
  description: string;
  variety: string;
  form: (typeof FORMS)[number];
  cuttingSize: string | null;
  pollination: (typeof POLLINATIONS)[number] | null;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  quantity: number;
  price: number;
  imageUrl: string;
  createdAt: string;
  /** Units sold so far (the popularity sort). */
  unitsSold: number;
  /** Real ratings from reviews: average null while there are none. */
  rating: { average: number | null; count: number };
  seller: { id: number; username: string; location: string | null };
}

/** GET /api/products/facets: for every option, how many listings match with it applied. */
export interface CatalogFacets {
  variety: Record<string, number>;
  form: Record<string, number>;
  cuttingSize: Record<string, number>;
  pollination: Record<string, number>;
  organic: number;
  pesticideFree: number;
  inStock: number;
  price: { min: number | null; max: number | null };
}
