import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { SheetTrigger } from '@/components/ui/Sheet';
import { useCart } from '@/features/cart';
import { useHydrated } from '@/lib/server-render';

/**
 * The header cart icon; its badge counts distinct cart lines, not units. Opens the cart panel;
 * `onIntent` runs when a pointer or the focus reaches it (the panel's code can start loading).
 */
export function CartButton({ onIntent }: { onIntent?: () => void }) {
  const { lines } = useCart();
  const count = lines.length;
  const hydrated = useHydrated();
  const badge = (
    <>
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
        >
          {count}
        </span>
      )}
      {count > 0 && (
        <span id="cart-count" className="sr-only">
          {count === 1 ? '1 item' : `${count} items`}
        </span>
      )}
    </>
  );
  // Before the page is adopted the panel cannot open: the button is a link to the cart page (a visitor is asked to
  // sign in there).
  if (!hydrated)
    return (
      <Button variant="ghost" size="icon" className="relative" asChild>
        <a href="/cart" aria-label="Cart" aria-describedby={count > 0 ? 'cart-count' : undefined}>
          {badge}
        </a>
      </Button>
    );
  return (
    <SheetTrigger asChild>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Cart"
        aria-describedby={count > 0 ? 'cart-count' : undefined}
        className="relative"
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {badge}
      </Button>
    </SheetTrigger>
  );
}
