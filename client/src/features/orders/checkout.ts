import type { Order } from '@domain/orders/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, isApiError } from '@/lib/api';
import { refreshCatalog } from '@/lib/catalog-cache';
import { refreshNotifications } from '@/lib/notification-cache';
import { useSession } from '@/lib/session';
import { goToPaymentPage, orderQueries } from './api';
import { toastOrderPlaced } from './components/order-placed-toast';

const CHECKOUT_KEY = ['orders', 'checkout'] as const;
/** The server's 409 message for changed prices starts with this (server/src/modules/orders/checkout.ts). */
const PRICES_CHANGED = 'Prices changed';
/** The server's 409 message for changed shipping rates starts with this (server/src/modules/orders/checkout.ts). */
const SHIPPING_CHANGED = 'Shipping changed';
/** The server's 400 without an address (server/src/modules/orders/service.ts). */
const ADD_AN_ADDRESS = 'Add a shipping address';

/** A cart line as checkout sends it: the listing and the unit price the cart shows. */
interface CheckoutLine {
  productId: number;
  product: { price: number };
}

/**
 * The cart as checkout reads and changes it (the cart feature's useCheckoutCart): the page that shows checkout passes
 * it, since a feature does not import another (docs/architecture.md#import-rules).
 */
export interface CheckoutCart {
  lines: readonly CheckoutLine[];
  /** True until the cart is known: no checkout before. */
  isLoading: boolean;
  /** A line's price moved and the buyer has not accepted it yet. */
  pricesChanged: boolean;
  /** The order's shipping the cart shows, in dollars (the server holds the order to it). */
  shipping: number;
  /** An order was placed: the cart is empty at once. */
  emptied: () => void;
  /** Checkout ended, with an order or not: the cart is asked again. */
  refresh: () => Promise<void>;
}

/** Where the order ships (the shipping feature's useShipTo), and whether the address book is known yet. */
export interface CheckoutShipTo {
  address: { id: number } | null;
  known: boolean;
}

/** A fresh Idempotency-Key; crypto.randomUUID needs a secure context, so fall back to random bytes. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of the checkout attempt under way, kept (for the tab, not per component: the panel
 * unmounts when closed) until that attempt ends with an order or a 4xx answer.
 */
let attemptKey: string | null = null;

/**
 * The buyer's note to the sellers, typed in the cart panel or on the cart page (one note for the tab, like the
 * attempt's key: the panel unmounts when closed), sent with the checkout and cleared once the order is placed.
 */
let note = '';
const noteListeners = new Set<() => void>();
function setNote(next: string): void {
  note = next;
  for (const listener of noteListeners) listener();
}

/** The checkout note and its setter, shared by every field that shows it. */
export function useCheckoutNote(): [string, (next: string) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      noteListeners.add(listener);
      return () => noteListeners.delete(listener);
    },
    () => note,
    () => '',
  );
  return [value, setNote];
}

/**
 * Checkout (POST /api/orders {addressId, lines, shipping}) per docs/product.md#states, #validation and #errors, to the
 * address the cart shows (ShipToPicker: the chosen one, else the default), carrying the unit prices and the shipping
 * the cart shows, which the server holds the order to. Without an address, "Add a shipping address" and no request. A visitor gets "Please log in" and an empty cart "Cart is empty", neither with a
 * request; a cart with a price change not yet accepted gets "Prices changed", without a request. Success: "Order
 * placed!", the cart emptied and refetched, products and the orders list refreshed (stock changed), `onPlaced` (the panel
 * closes) and the order's own page, /orders/:id, from the answer: the confirmation, with whom to pay and how; paid by card
 * (`payment.capabilities.hostedCheckout`), the provider's payment page instead when the answer names one (`payment.redirectUrl`). Failure: "Checkout failed" with the server's message or "Something went wrong"; a
 * 409 for changed prices says so, and the refetched cart shows the new prices to accept.
 *
 * One Idempotency-Key per attempt: a retry after a network failure or a server error sends the same key,
 * from the panel or the cart page, so an order the server did place is answered again rather than placed
 * twice. A placed order or a 4xx answer ends the attempt.
 */
export function useCheckout({
  cart,
  shipTo: destination,
  onPlaced,
}: {
  cart: CheckoutCart;
  shipTo: CheckoutShipTo;
  onPlaced?: (order: Order) => void;
}) {
  const { user } = useSession();
  const { lines, isLoading, pricesChanged } = cart;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const shipTo = destination.address;

  const mutation = useMutation({
    mutationKey: CHECKOUT_KEY,
    mutationFn: ({
      key,
      shown,
      shipping,
      addressId,
      note: text,
    }: {
      key: string;
      shown: readonly CheckoutLine[];
      shipping: number;
      addressId: number;
      note: string;
    }) =>
      apiRequest<Order>(
        'POST',
        '/api/orders',
        {
          addressId,
          lines: shown.map((l) => ({ productId: l.productId, price: l.product.price })),
          shipping,
          ...(text.trim() ? { note: text } : {}),
        },
        { headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: (order) => {
      attemptKey = null;
      setNote('');
      cart.emptied();
      // The order's page is the confirmation: it shows the answer at once, without a second request.
      queryClient.setQueryData(orderQueries.detail(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: orderQueries.list().queryKey });
      // The buyer has a new notification ("Order #N placed"): the bell counts it.
      void refreshNotifications(queryClient);
      onPlaced?.(order);
      // Paid on the provider's page (Stripe's): on to it, which brings the buyer back to the order's page. Without
      // a page (the provider did not answer), the order's page offers "Pay now".
      const { capabilities, redirectUrl } = order.payment;
      if (capabilities.hostedCheckout && redirectUrl) {
        goToPaymentPage(redirectUrl);
        return;
      }
      toastOrderPlaced(order);
      navigate(`/orders/${order.id}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) attemptKey = null;
      const description = errorMessage(error, 'Something went wrong');
      const changed = [PRICES_CHANGED, SHIPPING_CHANGED].find(
        (start) => isApiError(error, 409) && description.startsWith(start),
      );
      toast({
        title: changed ?? 'Checkout failed',
        description,
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void refreshCatalog(queryClient);
      return cart.refresh();
    },
  });

  const checkout = () => {
    if (!user) {
      // The cart's "Please log in" toast (features/cart/toasts.ts), in the same words.
      toast({
        title: 'Please log in',
        description: 'You need to be logged in to checkout',
        variant: 'destructive',
      });
      return;
    }
    // One checkout at a time, from the panel or the page; none before the cart is known.
    if (isLoading || queryClient.isMutating({ mutationKey: CHECKOUT_KEY }) > 0) return;
    if (lines.length === 0) {
      toast({ title: 'Cart is empty', description: 'Add some items to your cart before checkout' });
      return;
    }
    if (!shipTo) {
      if (destination.known)
        toast({ title: ADD_AN_ADDRESS, description: 'Add the address to ship to in your cart' });
      return;
    }
    if (pricesChanged) {
      toast({
        title: PRICES_CHANGED,
        description: 'Accept the new prices in your cart to check out',
        variant: 'destructive',
      });
      return;
    }
    attemptKey ??= newIdempotencyKey();
    mutation.mutate({ key: attemptKey, shown: lines, shipping: cart.shipping, addressId: shipTo.id, note });
  };

  return { checkout, isPending: mutation.isPending, pricesChanged };
}
