import type { CartLine } from '@domain/cart';
import type { Product } from '@domain/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth';
import { apiRequest, errorMessage, isApiError } from '@/lib/api';
import { CART_QUERY_KEY } from './api';

type AddableProduct = Pick<Product, 'id' | 'title' | 'inStock' | 'quantity'>;

interface AddInput {
  product: AddableProduct;
  quantity: number;
}

function toastPleaseLogIn() {
  toast({
    title: 'Please log in',
    description: 'You need to be logged in to add items to your cart',
    variant: 'destructive',
  });
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
 * (SPEC sections 5 and 8): a visitor gets "Please log in" and no request; a product out of stock gets
 * "Out of stock"; a failure gets "Error" with the server's message; success "Added to cart". The cart is
 * refreshed after every answer. `onSignedOut` runs (after the toast) when a visitor tries to add.
 *
 * TODO(cart issue): move next to useCart in features/cart/api.ts.
 */
export function useAddToCart({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ product, quantity }: AddInput) =>
      apiRequest<CartLine>('POST', '/api/cart', { productId: product.id, quantity }),
    onSuccess: (_line, { product }) => {
      toast({ title: 'Added to cart', description: `${product.title} was added to your cart` });
    },
    onError: (error) => {
      if (isApiError(error, 401)) {
        toastPleaseLogIn();
        onSignedOut?.();
        return;
      }
      if (isApiError(error, 409)) {
        // Stock moved under us: show the new numbers.
        void queryClient.invalidateQueries({ queryKey: ['/api/products'] });
        if (/out of stock/i.test(error.userMessage)) {
          toastOutOfStock();
          return;
        }
      }
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to add item to cart'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });

  const add = (product: AddableProduct, quantity = 1) => {
    if (!user) {
      toastPleaseLogIn();
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
