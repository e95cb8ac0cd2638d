import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import {
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/Sheet';
import { useAuth } from '@/features/accounts';
import { useCart } from '@/features/cart';
import {
  CartDeliveries,
  CartLineItem,
  CartLinesSkeleton,
  CartTotals,
  CheckoutButton,
  EmptyCart,
  freightNoticeOf,
  PromoCodeForm,
  paymentNoticeOf,
  useCheckoutCart,
} from '@/features/cart/lazy';
import { CheckoutNoteField, useCheckout } from '@/features/orders';
import { ShipToPicker, useShippingProblems, useShipTo, useShipToPlace } from '@/features/shipping';

/**
 * The right-side cart panel's content (the Sheet root, its open state and its trigger live in the header;
 * this module loads lazily). Lines with quantity controls and Remove, a promo code field, subtotal,
 * shipping and total, Checkout and a link to the cart page. `onClose` closes the panel (after checkout,
 * or when a link inside is followed).
 */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const { lines, isLoading } = useCart();
  const { checkout, isPending, pricesChanged } = useCheckout({
    cart: useCheckoutCart(),
    shipTo: useShipTo(),
    onPlaced: onClose,
  });
  const shippingProblems = useShippingProblems(user ? lines.map((l) => l.productId) : []);
  const place = useShipToPlace();

  return (
    // A tall screen keeps the totals and Checkout in view while the lines scroll above them. A short one (a small
    // phone, or any phone with its keyboard open) scrolls the whole panel as one, so the field being typed in is
    // never under the Checkout block (its 370 px would leave the lines and the address form no room).
    <SheetContent
      side="right"
      className="gap-0 overflow-y-auto p-0 [@media(min-height:760px)]:overflow-y-hidden"
    >
      <SheetHeader className="shrink-0 border-b p-4 sm:p-6">
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription>
          {lines.length === 0
            ? 'Plants you add will show up here.'
            : `${lines.length} ${lines.length === 1 ? 'item' : 'items'} in your cart`}
        </SheetDescription>
      </SheetHeader>

      <div className="shrink-0 px-4 py-4 sm:px-6 [@media(min-height:760px)]:min-h-0 [@media(min-height:760px)]:flex-1 [@media(min-height:760px)]:overflow-y-auto">
        {isLoading ? (
          <CartLinesSkeleton />
        ) : lines.length === 0 ? (
          <EmptyCart
            hint={user ? 'Find your next variety in the marketplace.' : 'Sign in to add plants to your cart.'}
            action={
              <SheetClose asChild>
                <Button asChild variant="cactus">
                  <Link href={user ? '/marketplace' : '/login'}>{user ? 'Browse plants' : 'Sign in'}</Link>
                </Button>
              </SheetClose>
            }
          />
        ) : (
          <>
            <ul className="flex flex-col gap-5" aria-label="Cart items">
              {lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  onNavigate={onClose}
                  shippingProblem={shippingProblems.byProduct.get(line.productId)}
                />
              ))}
            </ul>
            {/* In the scrolling part, so the address form, when there is none yet, is never cut off. */}
            {user && <ShipToPicker idPrefix="cart-panel" className="mt-6 border-t pt-4" />}
            {user && <CartDeliveries lines={lines} to={place} className="mt-4" />}
            {user && <CheckoutNoteField idPrefix="cart-panel" className="mt-4" />}
          </>
        )}
      </div>

      {/* An empty cart has nothing to check out: no promo field to focus first, no Checkout to press. */}
      {(isLoading || lines.length > 0) && (
        <SheetFooter className="shrink-0 gap-3 border-t p-4 sm:p-6">
          <PromoCodeForm />
          <CartTotals lines={lines} />
          <div className="grid gap-2">
            <CheckoutButton
              noticeId="cart-panel-prices-changed"
              pricesChanged={pricesChanged}
              shippingNotice={shippingProblems.notice}
              paymentNotice={paymentNoticeOf(lines)}
              freightNotice={freightNoticeOf(lines)}
              isPending={isPending}
              onCheckout={checkout}
            />
            {user && lines.length > 0 && (
              <SheetClose asChild>
                <Button asChild variant="outline" className="w-full">
                  <Link href="/cart">View cart</Link>
                </Button>
              </SheetClose>
            )}
          </div>
        </SheetFooter>
      )}
    </SheetContent>
  );
}
