import type { CatalogFacets, Product, ProductDetail, Storefront } from '@domain/catalog/responses';
import { EXACT_TOTAL_LIMIT } from '@domain/catalog/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiGet, throwIfNotOk } from '@/lib/api';
import { catalogKeys } from '@/lib/catalog-cache';
import { type CatalogFilterSet, facetsUrl, type MarketplaceState, productListUrl } from './url-state';

/** One page of results and the number of matches (a lower bound above EXACT_TOTAL_LIMIT). */
export interface ProductPage {
  products: Product[];
  total: number;
  /** True when the server reported "10000+": there are more than `total` matches. */
  totalIsLowerBound: boolean;
}

/** Reads X-Total-Count: "57" is exact, "10000+" a lower bound; missing or garbled falls back. */
export function parseTotalCount(
  header: string | null,
  fallback: number,
): Pick<ProductPage, 'total' | 'totalIsLowerBound'> {
  const match = header?.trim().match(/^(\d+)(\+?)$/);
  if (!match) return { total: fallback, totalIsLowerBound: false };
  return { total: Number(match[1]), totalIsLowerBound: match[2] === '+' };
}

/** "57 results", "1 result", "10,000+ results". */
export function resultCountLabel({ total, totalIsLowerBound }: Omit<ProductPage, 'products'>): string {
  const n = (totalIsLowerBound ? Math.max(total, EXACT_TOTAL_LIMIT) : total).toLocaleString('en-US');
  if (totalIsLowerBound) return `${n}+ results`;
  return total === 1 ? '1 result' : `${n} results`;
}

async function fetchProductPage(url: string, signal: AbortSignal): Promise<ProductPage> {
  const res = await apiFetch(url, { signal, headers: { Accept: 'application/json' } });
  await throwIfNotOk(res);
  const products = (await res.json()) as Product[];
  return { products, ...parseTotalCount(res.headers.get('X-Total-Count'), products.length) };
}

/**
 * The catalog's queries, each its key and its fetcher (docs/architecture.md#queries), their keys under the
 * prefixes of ./cache (catalogKeys).
 */
export const catalogQueries = {
  /** GET /api/products: one page of the catalog, with the number of matches. */
  page: (state: MarketplaceState) =>
    queryOptions({
      queryKey: [...catalogKeys.products, 'page', state] as const,
      queryFn: ({ signal }) => fetchProductPage(productListUrl(state), signal),
    }),
  /** GET /api/products/:id: null when missing or archived (404). */
  product: (id: number) =>
    queryOptions({
      queryKey: [...catalogKeys.products, 'detail', id] as const,
      queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${id}`, { signal, nullOn404: true }),
    }),
  /** GET /api/products/:id/related: up to four real related listings, same variety, then same form. */
  related: (id: number) =>
    queryOptions({
      queryKey: [...catalogKeys.products, 'related', id] as const,
      queryFn: ({ signal }) => apiGet<Product[]>(`/api/products/${id}/related`, { signal }),
    }),
  /** GET /api/sellers/:username: a nursery's storefront; null for a username that is not a seller's (404). */
  storefront: (username: string) =>
    queryOptions({
      queryKey: [...catalogKeys.all, 'storefront', username] as const,
      queryFn: ({ signal }) =>
        apiGet<Storefront>(`/api/sellers/${encodeURIComponent(username)}`, { signal, nullOn404: true }),
    }),
  /** GET /api/products/facets: how many listings each filter option would match, given the other filters. */
  facets: (filters: CatalogFilterSet) =>
    queryOptions({
      queryKey: [...catalogKeys.all, 'facets', filters] as const,
      queryFn: ({ signal }) => apiGet<CatalogFacets>(facetsUrl(filters), { signal }),
    }),
};

/**
 * One page of the catalog: filtered, sorted and paged on the server (docs/product.md#real-features, item 2). The
 * previous page stays on screen while the next one loads. `enabled` false holds the request (the buyer's place,
 * which sets a default filter, is not known yet).
 */
export function useProductPage(state: MarketplaceState, enabled = true) {
  return useQuery({ ...catalogQueries.page(state), placeholderData: keepPreviousData, enabled });
}

/** How many listings each filter option would match, given the other active filters. */
export function useCatalogFacets(filters: CatalogFilterSet, enabled = true) {
  return useQuery({ ...catalogQueries.facets(filters), placeholderData: keepPreviousData, enabled });
}
