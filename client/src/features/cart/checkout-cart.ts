import { fromCents } from '@domain/money';
import { useQueryClient } from '@tanstack/react-query';
import { cartQueries, hasPriceChange, useCart } from './cart-query';
import { cartShipments } from './shipping';

/**
 * The cart as checkout (the orders feature's useCheckout) reads and changes it: its lines, whether a price changed
 * that the buyer has not accepted, and the cart's cache after an order. The page that shows checkout (the cart
 * page, the app's cart panel) passes it there, since a feature does not import another
 * (docs/architecture.md#import-rules).
 */
export function useCheckoutCart() {
  const { lines, isLoading } = useCart();
  const queryClient = useQueryClient();
  return {
    lines,
    isLoading,
    pricesChanged: lines.some(hasPriceChange),
    /** The shipping the cart shows, in dollars: checkout is refused if it would charge anything else. */
    shipping: fromCents(cartShipments(lines).reduce((sum, s) => sum + s.cents, 0)),
    /** An order was placed: the cart is empty at once, before its refetch. */
    emptied: () => {
      queryClient.setQueryData(cartQueries.lines().queryKey, (data) => (data ? [] : data));
    },
    /** Checkout ended, with an order or not: the cart is asked again (stock and prices may have changed). */
    refresh: () => queryClient.invalidateQueries({ queryKey: cartQueries.all }),
  };
}
