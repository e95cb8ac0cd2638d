import type { QueryClient } from '@tanstack/react-query';

/**
 * Marks every catalog answer stale (the lists, the details, related listings and reviews under
 * ['/api/products', …], and the filter counts under ['/api/products/facets', …]), so whatever is on screen
 * refetches. For anything that changes stock, prices, listings or ratings.
 */
export function refreshCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root] = query.queryKey;
      return root === '/api/products' || root === '/api/products/facets';
    },
  });
}
