import type { CartLine } from '@domain/cart/types';
import type { Product } from '@domain/catalog/schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/accounts';
import { apiRequest, errorMessage, isApiError } from '@/lib/api';
import { refreshCatalog } from '@/lib/catalog-cache';
import { CART_QUERY_KEY, type ShownCartLine, useCart } from './cart-query';

// The cart's mutations (checkout is the orders feature's, `useCheckout` from @/features/orders). The cart query
// itself (useCart) is in ./cart-query, which the header loads at first paint; this module is only reached from
// lazily loaded code (the cart panel, the cart page, product cards and the product page, through ./lazy), so it
// stays out of the home page's bundle.
export { CART_QUERY_KEY, useCart };

/** Every cart change shares this key, so only the last of several quick changes refetches the cart. */
const CART_MUTATION_KEY = ['cart-change'] as const;

type CartData = CartLine[] | null | undefined;

interface Snapshot {
  previous: CartData;
}

/** Changes the cached cart at once (the local list), remembering what it was for a rollback. */
async function changeLocally(queryClient: QueryClient, change: (lines: CartLine[]) => CartLine[]) {
  await queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
  const previous = queryClient.getQueryData<CartData>(CART_QUERY_KEY);
  queryClient.setQueryData<CartData>(CART_QUERY_KEY, (lines) => (lines ? change(lines) : lines));
  return { previous } satisfies Snapshot;
}

function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot) queryClient.setQueryData<CartData>(CART_QUERY_KEY, snapshot.previous);
}

/** Puts the server's copy of a line in the cached cart: replaces the line with its id, or appends it. */
function putLine(queryClient: QueryClient, line: CartLine) {
  queryClient.setQueryData<CartData>(CART_QUERY_KEY, (lines) => {
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
function refetchCart(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) > 1) return;
  return queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
}

function toastError(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' });
}

type AddableProduct = Pick<Product, 'id' | 'title' | 'inStock' | 'quantity'>;

interface AddInput {
  product: AddableProduct;
  quantity: number;
}

export function toastPleaseLogIn(description: string) {
  toast({ title: 'Please log in', description, variant: 'destructive' });
}

function toastOutOfStock() {
  toast({
    title: 'Out of stock',
    description: 'This product is currently out of stock',
    variant: 'destructive',
  });
}

/**
 * Adding a product to the cart (POST /api/cart {productId, quantity}) with the spec's toasts
 * (docs/product.md#validation and #errors): a visitor gets "Please log in" and no request; a product out of stock gets
 * "Out of stock"; a failure gets "Error" with the server's message; success "Added to cart". The line the
 * server answers replaces the cached one (docs/product.md#states), then the cart is refreshed. `onSignedOut` runs
 * (after the toast) when a visitor tries to add.
 */
export function useAddToCart({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: ({ product, quantity }: AddInput) =>
      apiRequest<CartLine>('POST', '/api/cart', { productId: product.id, quantity }),
    onSuccess: (line, { product }) => {
      putLine(queryClient, line);
      toast({ title: 'Added to cart', description: `${product.title} was added to your cart` });
    },
    onError: (error) => {
      if (isApiError(error, 401)) {
        toastPleaseLogIn('You need to be logged in to add items to your cart');
        onSignedOut?.();
        return;
      }
      if (isApiError(error, 409)) {
        // Stock moved under us: show the new numbers.
        void refreshCatalog(queryClient);
        if (/out of stock/i.test(error.userMessage)) {
          toastOutOfStock();
          return;
        }
      }
      toastError(errorMessage(error, 'Failed to add item to cart'));
    },
    onSettled: () => refetchCart(queryClient),
  });

  const add = (product: AddableProduct, quantity = 1) => {
    if (!user) {
      toastPleaseLogIn('You need to be logged in to add items to your cart');
      onSignedOut?.();
      return;
    }
    if (!product.inStock || product.quantity < 1) {
      toastOutOfStock();
      return;
    }
    mutation.mutate({ product, quantity });
  };

  return { add, isPending: mutation.isPending };
}

/**
 * A line's new quantity (PUT /api/cart/:id {quantity}): shown at once, then the server's line, then a
 * refetch. A failure puts the old quantity back and toasts "Error" with the server's message (the stock
 * left, say) or "Failed to update cart item".
 */
export function useUpdateCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: number }) =>
      apiRequest<CartLine>('PUT', `/api/cart/${lineId}`, { quantity }),
    onMutate: ({ lineId, quantity }) =>
      changeLocally(queryClient, (lines) => lines.map((l) => (l.id === lineId ? { ...l, quantity } : l))),
    onSuccess: (line) => putLine(queryClient, line),
    onError: (error, _input, snapshot) => {
      rollback(queryClient, snapshot);
      if (isApiError(error, 409)) void refreshCatalog(queryClient);
      toastError(errorMessage(error, 'Failed to update cart item'));
    },
    onSettled: () => refetchCart(queryClient),
  });
}

/**
 * Accepting a line's new price (POST /api/cart/:id/accept-price {price}), the price the line shows: checkout
 * refuses until every line agrees. When the price moved again, the server's message is toasted and the refetch
 * shows the newer price to accept.
 */
export function useAcceptCartPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: (line: ShownCartLine) =>
      apiRequest<CartLine>('POST', `/api/cart/${line.id}/accept-price`, { price: line.product.price }),
    onSuccess: (line) => putLine(queryClient, line),
    onError: (error) => {
      if (isApiError(error, 409)) void refreshCatalog(queryClient);
      toastError(errorMessage(error, 'Failed to accept the new price'));
    },
    onSettled: () => refetchCart(queryClient),
  });
}

/** Removing one line (DELETE /api/cart/:id): gone at once; "Item removed" on success, else put back. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: (lineId: number) => apiRequest<void>('DELETE', `/api/cart/${lineId}`),
    onMutate: (lineId) => changeLocally(queryClient, (lines) => lines.filter((l) => l.id !== lineId)),
    onSuccess: () => {
      toast({ title: 'Item removed', description: 'Item has been removed from your cart' });
    },
    onError: (_error, _lineId, snapshot) => {
      rollback(queryClient, snapshot);
      toastError('Failed to remove item from cart');
    },
    onSettled: () => refetchCart(queryClient),
  });
}

/** Emptying the cart (DELETE /api/cart): empty at once; on failure the lines come back with a toast. */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: () => apiRequest<void>('DELETE', '/api/cart'),
    onMutate: () => changeLocally(queryClient, () => []),
    onSuccess: () => {
      toast({ title: 'Cart cleared', description: 'All items have been removed from your cart' });
    },
    onError: (_error, _input, snapshot) => {
      rollback(queryClient, snapshot);
      toastError('Failed to clear cart');
    },
    onSettled: () => refetchCart(queryClient),
  });
}
