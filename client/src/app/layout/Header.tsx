import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/Sheet';
import { dismissToasts } from '@/components/ui/use-toast';
import { whenIdle } from '@/components/use-deferred-load';
import { useAuth } from '@/features/accounts';
import { NotificationBell } from '@/features/notifications';
import { ThemeToggle } from '@/features/theme';
import { cn } from '@/lib/utils';
import { CartButton } from './CartButton';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { visibleNavLinks } from './nav-links';
import { SearchForm } from './SearchForm';
import { UserMenu } from './UserMenu';

// The cart panel's code (lines, quantity controls, checkout) loads when the browser is idle after first
// paint, or at once when the cart is opened first; the badge and the Sheet itself are here from the start.
const loadCartPanel = () => import('./CartPanel');
const CartPanel = lazy(async () => ({ default: (await loadCartPanel()).CartPanel }));

/**
 * The sticky site header: logo, search, main links, theme switch, cart and account. On a phone the row is the
 * menu, the logo and four 40 px buttons with no gaps between them and narrow padding, so that a signed-in
 * user's header fits a 360 px screen (test/e2e/phone.spec.ts).
 */
export function Header() {
  const { user } = useAuth();
  const [location] = useLocation();
  const [cartOpen, setCartOpen] = useState(false);
  useEffect(() => whenIdle(() => void loadCartPanel()), []);
  return (
    <header className="sticky top-0 z-40 border-b bg-background print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-4 sm:px-6 lg:px-8">
        <MobileMenu />
        <Logo />
        <SearchForm id="header-search" className="mx-4 hidden min-w-0 flex-1 lg:block" />
        <nav aria-label="Main" className="ml-auto hidden md:block lg:ml-0">
          <ul className="flex items-center gap-1">
            {visibleNavLinks(user?.isSeller === true).map((link) => {
              const active = location === link.href;
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
                      active ? 'text-primary' : 'text-foreground',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center sm:gap-1 md:ml-0">
          <ThemeToggle />
          <Sheet
            open={cartOpen}
            onOpenChange={(open) => {
              // An "Added to cart" toast would cover the panel's Checkout on a phone and take its first Escape.
              if (open) dismissToasts();
              setCartOpen(open);
            }}
          >
            <CartButton onIntent={() => void loadCartPanel()} />
            {cartOpen && (
              <Suspense fallback={<CartPanelLoading />}>
                <CartPanel onClose={() => setCartOpen(false)} />
              </Suspense>
            )}
          </Sheet>
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
      <div className="px-4 pb-3 sm:px-6 lg:hidden">
        <SearchForm id="mobile-search" />
      </div>
    </header>
  );
}

/** The panel's frame while its code loads (only when the cart is opened before the browser was idle). */
function CartPanelLoading() {
  return (
    <SheetContent side="right">
      <SheetHeader>
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription role="status">Loading...</SheetDescription>
      </SheetHeader>
    </SheetContent>
  );
}
