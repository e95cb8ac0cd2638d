import type { Product } from '@domain/catalog/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

/** Under the same '/api/products' prefix as the catalog queries, so a product refresh covers them all. */
export const productKeys = {
  detail: (id: number) => ['/api/products', id] as const,
  related: (id: number) => ['/api/products', id, 'related'] as const,
};

/** The product id from the route, or null when it is not a plain number (then nothing is requested). */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/products/:id (404 when missing or archived). */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiGet<Product>(`/api/products/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Up to four real related listings: same variety, then same form. */
export function useRelatedProducts(id: number | null) {
  return useQuery({
    queryKey: productKeys.related(id ?? 0),
    queryFn: ({ signal }) => apiGet<Product[]>(`/api/products/${id}/related`, { signal }),
    enabled: id !== null,
  });
}
