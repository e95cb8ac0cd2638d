// The cart query, loaded at first paint (the header's badge reads it). Changes to the cart are in ./api.
import type { CartLine, CartProduct } from '@domain/cart/types';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/accounts';
import { isApiError } from '@/lib/api';
import { getQueryFn } from '@/lib/queryClient';

export const CART_QUERY_KEY = ['/api/cart'] as const;

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

/**
 * The signed-in user's cart lines (GET /api/cart), fetched only when signed in. A 401 means an empty
 * cart, silently; other failures toast "Failed to load cart items". Stale time 0, retried fewer than
 * 3 times except on 401 (docs/product.md#calls).
 */
export function useCart() {
  const { user } = useAuth();
  const query = useQuery<CartLine[] | null>({
    queryKey: CART_QUERY_KEY,
    queryFn: getQueryFn<CartLine[] | null>({ on401: 'returnNull' }),
    enabled: user !== null,
    staleTime: 0,
    retry: (failureCount, error) => !isApiError(error, 401) && failureCount < 2,
    meta: { errorToast: { title: 'Error', description: 'Failed to load cart items' } },
  });
  const items: CartLine[] = user ? (query.data ?? []) : [];
  return { ...query, items, lines: shownLines(items), isLoading: user !== null && query.isPending };
}
