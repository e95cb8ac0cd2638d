import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { queryWholeNumber } from '../query';
import { catalogFilterShape, checkRangeOrder } from './filters';

export type { CatalogFilters } from './filters';
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
