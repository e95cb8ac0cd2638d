import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from './api';

/** The product id from the route, or null when it is not a plain number (then nothing is requested). */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/products/:id (404 when missing or archived). */
export function useProduct(id: number | null) {
  return useQuery({ ...catalogQueries.product(id ?? 0), enabled: id !== null });
}

/** Up to four real related listings: same variety, then same form. */
export function useRelatedProducts(id: number | null) {
  return useQuery({ ...catalogQueries.related(id ?? 0), enabled: id !== null });
}
