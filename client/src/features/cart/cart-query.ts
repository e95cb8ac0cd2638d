// The cart query, loaded at first paint (the header's badge reads it). Changes to the cart are in ./api.
import type { CartLine, CartProduct } from '@domain/cart/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';

/** The cart's queries; every key starts with 'cart'. */
export const cartQueries = {
  all: ['cart'] as const,
  /**
   * GET /api/cart: the signed-in user's lines. A 401 means an empty cart, silently; other failures toast "Failed
   * to load cart items". Stale time 0, retried fewer than 3 times except on 401 (docs/product.md#calls).
   */
  lines: () =>
    queryOptions({
      queryKey: [...cartQueries.all, 'lines'] as const,
      queryFn: ({ signal }) => apiGet<CartLine[]>('/api/cart', { signal, nullOn401: true }),
      staleTime: 0,
      retry: (failureCount, error) => !isApiError(error, 401) && failureCount < 2,
      meta: { errorToast: { title: 'Error', description: 'Failed to load cart items' } },
    }),
};

export type { CartLine, CartProduct };

export type ShownCartLine = CartLine & { product: CartProduct };

/** The lines that can be shown: a line whose product is missing is left out (and not counted). */
export function shownLines(items: readonly CartLine[]): ShownCartLine[] {
  return items.filter((line): line is ShownCartLine => line.product !== null && line.product !== undefined);
}

/** Whether the listing's price moved since the buyer agreed to the line's price (checkout refuses until accepted). */
export function hasPriceChange(line: ShownCartLine): boolean {
  return line.agreedPrice !== line.product.price;
}

/** The signed-in user's cart lines (cartQueries.lines), fetched only when signed in. */
export function useCart() {
  const { user } = useSession();
  const query = useQuery({ ...cartQueries.lines(), enabled: user !== null });
  const items: CartLine[] = user ? (query.data ?? []) : [];
  return { ...query, items, lines: shownLines(items), isLoading: user !== null && query.isPending };
}
