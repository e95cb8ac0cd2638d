import { z } from 'zod';
import { type FORMS, MAX_PAGE_SIZE, PAGE_SIZE, type POLLINATIONS, type ShipsAs } from '../constants';
import { queryWholeNumber } from '../query';
import { catalogFilterShape, checkRangeOrder } from './filters';

export type { CatalogFacets, CatalogFilters } from './filters';
export { MAX_PRICE, SEARCH_MAX } from './filters';

export const SORTS = ['popularity', 'price-low-high', 'price-high-low', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  popularity: 'Most popular',
  'price-low-high': 'Price: Low to High',
  'price-high-low': 'Price: High to Low',
  newest: 'Newest',
};

/** Above this many matches the total is reported as a lower bound ("10000+"), so a broad filter never pays a full count. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The catalog filters (docs/product.md#entities, "Filter set"), as GET /api/products/facets and /marketplace
 * take them: one parameter per filter of CATALOG_FILTERS (two for a range), and the search.
 */
export const catalogFilterSchema = z.object(catalogFilterShape).superRefine(checkRangeOrder);

/** GET /api/products query: the filters plus sort and paging. */
export const productListQuerySchema = z
  .object({
    ...catalogFilterShape,
    sort: z
      .enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` })
      .optional()
      .default('popularity'),
    page: queryWholeNumber('page', 1, 100_000),
    limit: queryWholeNumber('limit', PAGE_SIZE, MAX_PAGE_SIZE),
  })
  .superRefine(checkRangeOrder);
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
  /** 'self': self-fertile; 'cross': needs a pollinator (another variety); null when the seller did not say. */
  pollination: (typeof POLLINATIONS)[number] | null;
  /** The plant facts (domain/listings/plant-facts.ts): how it ships, and rooted, which follows from that. */
  shipsAs: ShipsAs;
  rooted: boolean;
  /** Whether an unrooted cutting's cut end has dried (always false for anything else). */
  callused: boolean;
  lengthInches: number | null;
  segments: number | null;
  grafted: boolean;
  /** What a grafted plant grows on ("Vietnamese White", "Hylocereus undatus"); null when not grafted or unsaid. */
  rootstock: string | null;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  quantity: number;
  price: number;
  imageUrl: string;
  createdAt: string;
  /** Units sold so far (the popularity sort). */
  unitsSold: number;
  /**
   * The states (USPS codes) it may not be shipped to today, by the shipping rules or the seller's choice
   * (products.blocked_to): a card marks it for a buyer there when the "Ships to" filter is off.
   */
  blockedTo: string[];
  /** Real ratings from reviews: average null while there are none. */
  rating: { average: number | null; count: number };
  seller: { id: number; username: string; location: string | null };
}
