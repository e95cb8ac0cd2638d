import { AlertCircle, ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { CheckoutNoteField, useCheckout } from '@/features/orders';
import { ShipToPicker, useShippingProblems, useShipTo, useShipToPlace } from '@/features/shipping';
import { useClearCart } from './api';
import { useCart } from './cart-query';
import { useCheckoutCart } from './checkout-cart';
import { CartDeliveries } from './components/CartDeliveries';
import { CartLineItem } from './components/CartLineItem';
import { CartLinesSkeleton, EmptyCart } from './components/CartStates';
import { CartTotals } from './components/CartTotals';
import { CheckoutButton, freightNoticeOf, paymentNoticeOf } from './components/CheckoutButton';

/**
 * /cart — signed-in users only (the router wraps it in RequireAuth). The lines with quantity controls and
 * Remove, Clear cart, and an order summary with Checkout (docs/product.md#cart).
 */
export function CartPage() {
  useDocumentTitle('Shopping Cart');
  const { lines, isLoading, isError, refetch } = useCart();
  const clear = useClearCart();
  const { checkout, isPending, pricesChanged } = useCheckout({
    cart: useCheckoutCart(),
    shipTo: useShipTo(),
  });
  const shippingProblems = useShippingProblems(lines.map((l) => l.productId));
  const place = useShipToPlace();
  const count = lines.length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Shopping Cart</h1>

      {isLoading ? (
        <CartPageSkeleton />
      ) : isError && count === 0 ? (
        <PageMessage
          className="mt-8"
          icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
          title="Your cart could not be loaded"
          action={<Button onClick={() => void refetch()}>Retry</Button>}
        >
          Please try again in a moment.
        </PageMessage>
      ) : count === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed bg-card">
          <EmptyCart
            headingLevel="h2"
            hint="Find your next variety in the marketplace."
            action={
              <Button asChild variant="cactus">
                <Link href="/marketplace">Browse the marketplace</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-3">
          <section
            aria-labelledby="cart-lines-heading"
            className="rounded-xl border bg-card p-4 shadow-sm sm:p-6 lg:col-span-2"
          >
            <div className="mb-5 flex items-center justify-between gap-4 border-b pb-4">
              <h2 id="cart-lines-heading" className="font-sans text-base font-semibold">
                {count === 1 ? '1 item' : `${count} items`}
              </h2>
              <Button
                variant="ghost"
                size="sm"
                className="text-muted-foreground hover:text-destructive"
                disabled={clear.isPending}
                onClick={() => clear.mutate()}
              >
                Clear cart
              </Button>
            </div>
            <ul aria-label="Cart items" className="divide-y">
              {lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  size="full"
                  shippingProblem={shippingProblems.byProduct.get(line.productId)}
                />
              ))}
            </ul>
          </section>

          <section
            aria-labelledby="order-summary-heading"
            className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-6 lg:sticky lg:top-24"
          >
            <h2 id="order-summary-heading" className="text-xl">
              Order Summary
            </h2>
            <CartTotals lines={lines} />
            <ShipToPicker idPrefix="cart-page" />
            <CartDeliveries lines={lines} to={place} />
            <CheckoutNoteField idPrefix="cart-page" />
            <CheckoutButton
              noticeId="cart-page-prices-changed"
              pricesChanged={pricesChanged}
              shippingNotice={shippingProblems.notice}
              paymentNotice={paymentNoticeOf(lines)}
              freightNotice={freightNoticeOf(lines)}
              isPending={isPending}
              onCheckout={checkout}
            />
            <Button asChild variant="link" className="justify-self-center">
              <Link href="/marketplace">
                <ArrowLeft aria-hidden="true" />
                Continue shopping
              </Link>
            </Button>
          </section>
        </div>
      )}
    </div>
  );
}

function CartPageSkeleton() {
  return (
    <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-3">
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-6 lg:col-span-2">
        <CartLinesSkeleton size="full" />
      </div>
      <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6" aria-hidden="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}
