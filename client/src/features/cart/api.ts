import type { CartLine } from '@domain/cart/responses';
import type { Product } from '@domain/catalog/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, isApiError } from '@/lib/api';
import { refreshCatalog } from '@/lib/catalog-cache';
import { useSession } from '@/lib/session';
import { CART_MUTATION_KEY, changeLocally, putLine, refetchCart, rollback } from './cache';
import type { ShownCartLine } from './cart-query';
import { toastError, toastOutOfStock, toastPleaseLogIn } from './toasts';

// The cart's mutations: each is its request, its cache edits (./cache) and its toasts (./toasts). Checkout is the
// orders feature's (`useCheckout` from @/features/orders). The cart query (useCart) is in ./cart-query, which the
// header loads at first paint; this module is only reached from lazily loaded code (the cart panel, the cart page,
// product cards and the product page, through ./lazy), so it stays out of the home page's bundle.

type AddableProduct = Pick<Product, 'id' | 'title' | 'inStock' | 'quantity'>;

interface AddInput {
  product: AddableProduct;
  quantity: number;
}

/**
 * Adding a product to the cart (POST /api/cart {productId, quantity}) with the spec's toasts
 * (docs/product.md#validation and #errors): a visitor gets "Please log in" and no request; a product out of stock gets
 * "Out of stock"; a failure gets "Error" with the server's message; success "Added to cart". The line the
 * server answers replaces the cached one (docs/product.md#states), then the cart is refreshed. `onSignedOut` runs
 * (after the toast) when a visitor tries to add.
 */
export function useAddToCart({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const { user, sessionEnded } = useSession();
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
        // Signed out meanwhile: the sign-in page must not take the old user for signed in and send them back.
        sessionEnded();
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
