// The cart's cache edits, all through cartQueries' keys: what a cart change shows at once, what the server's answer
// puts in place, and the refetch after. The mutations (./api) call these; toasts are theirs, not these.
import type { QueryClient } from '@tanstack/react-query';
import { type CartLine, cartQueries } from './cart-query';

/** Every cart change shares this key, so only the last of several quick changes refetches the cart. */
export const CART_MUTATION_KEY = ['cart', 'change'] as const;

type CartData = CartLine[] | null | undefined;

export interface Snapshot {
  previous: CartData;
}

/** Changes the cached cart at once (the local list), remembering what it was for a rollback. */
export async function changeLocally(
  queryClient: QueryClient,
  change: (lines: CartLine[]) => CartLine[],
): Promise<Snapshot> {
  const { queryKey } = cartQueries.lines();
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  queryClient.setQueryData(queryKey, (lines) => (lines ? change(lines) : lines));
  return { previous };
}

export function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot) queryClient.setQueryData(cartQueries.lines().queryKey, snapshot.previous);
}

/** Puts the server's copy of a line in the cached cart: replaces the line with its id, or appends it. */
export function putLine(queryClient: QueryClient, line: CartLine) {
  queryClient.setQueryData(cartQueries.lines().queryKey, (lines) => {
    if (!lines) return lines;
    return lines.some((l) => l.id === line.id)
      ? lines.map((l) => (l.id === line.id ? line : l))
      : [...lines, line];
  });
}

/**
 * Refetches the cart after a change (docs/product.md#states), unless another change is still on its way: then the
 * last one to finish refetches, so an early answer never undoes a later change on screen.
 */
export function refetchCart(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) > 1) return;
  return queryClient.invalidateQueries({ queryKey: cartQueries.all });
}
