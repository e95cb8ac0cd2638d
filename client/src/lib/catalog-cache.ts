import type { QueryClient } from '@tanstack/react-query';

/**
 * The prefixes of the catalog's query keys (the queries themselves are catalogQueries, in features/catalog/api.ts):
 * every key starts with 'catalog'; the listings' answers (pages, a listing, related listings, and the reviews
 * feature's answers, which it keys under `products`) share ['catalog', 'products'], the filter counts are beside
 * them. Here, shared, since the features that change stock, prices, listings or ratings (cart, orders, listings,
 * reviews) refresh the catalog and a feature does not import another (docs/architecture.md#import-rules); and kept
 * apart from the catalog's queries, so that they do not load the catalog's URL state (and zod).
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: ['catalog', 'products'] as const,
};

/**
 * Marks every catalog answer stale (the pages, the listings, related listings and their reviews, and the filter
 * counts), so whatever is on screen refetches. For anything that changes stock, prices, listings or ratings.
 */
export function refreshCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}
