import { cartTotals, formatUSD, fromCents } from '@domain/money';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { useCart } from '@/features/cart';

/** The right-side cart panel's content (the Sheet root and its trigger live in the header). */
export function CartPanel() {
  const { user } = useAuth();
  const { lines, isLoading } = useCart();
  const totals = cartTotals(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));

  return (
    <SheetContent side="right" className="gap-0 p-0">
      <SheetHeader className="border-b p-6">
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription>
          {lines.length === 0
            ? 'Plants you add will show up here.'
            : `${lines.length} ${lines.length === 1 ? 'item' : 'items'} in your cart`}
        </SheetDescription>
      </SheetHeader>

      <div className="flex-1 overflow-y-auto px-6 py-4">
        {isLoading ? (
          <CartLinesSkeleton />
        ) : lines.length === 0 ? (
          <EmptyCart signedIn={user !== null} />
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Cart items">
            {lines.map((line) => (
              <li key={line.id} className="flex gap-4">
                <img
                  src={line.product.imageUrl}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 shrink-0 rounded-lg bg-muted object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{line.product.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatUSD(line.product.price)} × {line.quantity}
                  </p>
                  {/* Quantity controls and remove: added with the cart mutations. */}
                </div>
                <p className="font-medium tabular-nums">{formatUSD(line.product.price * line.quantity)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>

      <SheetFooter className="border-t p-6">
        {/* Promo code field and its Apply button: added with the checkout issue. */}
        <dl className="grid gap-2 text-sm">
          <TotalRow label="Subtotal" cents={totals.subtotalCents} />
          <TotalRow label="Shipping" cents={totals.shippingCents} />
          <TotalRow label="Total" cents={totals.totalCents} strong />
        </dl>
        {/* Checkout button: added with the checkout issue. */}
        {user && lines.length > 0 && (
          <SheetClose asChild>
            <Button asChild variant="outline" className="w-full">
              <Link href="/cart">View cart</Link>
            </Button>
          </SheetClose>
        )}
      </SheetFooter>
    </SheetContent>
  );
}

function TotalRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'mt-1 flex justify-between border-t pt-3 text-base font-semibold' : 'flex justify-between'
      }
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{formatUSD(fromCents(cents))}</dd>
    </div>
  );
}

function EmptyCart({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShoppingCart className="size-12 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-medium">Your cart is empty</p>
      <p className="text-sm text-muted-foreground">
        {signedIn ? 'Find your next variety in the marketplace.' : 'Sign in to add plants to your cart.'}
      </p>
      <SheetClose asChild>
        <Button asChild variant="cactus">
          <Link href={signedIn ? '/marketplace' : '/login'}>{signedIn ? 'Browse plants' : 'Sign in'}</Link>
        </Button>
      </SheetClose>
    </div>
  );
}

function CartLinesSkeleton() {
  return (
    <div role="status" aria-label="Loading cart" className="grid gap-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-4">
          <Skeleton className="size-16" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
