import { LogIn, LogOut, Menu } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/Button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/Sheet';
import { useAuth } from '@/features/accounts';
import { useHydrated } from '@/lib/server-render';
import { cn } from '@/lib/utils';
import { DragonFruitMark } from './Logo';
import { visibleNavLinks } from './nav-links';

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground';

/** The menu below the md breakpoint: Marketplace, Seller Dashboard (sellers), Blog, and Login or Logout. */
export function MobileMenu() {
  const { user, logoutMutation } = useAuth();
  const [location] = useLocation();
  // The menu opens from the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Menu" className="md:hidden" disabled={!hydrated}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetHeader>
          <SheetTitle className="flex items-center gap-2">
            <DragonFruitMark className="size-7" />
            Menu
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {visibleNavLinks(user?.isSeller === true).map((link) => (
              <li key={link.href}>
                <SheetClose asChild>
                  <Link
                    href={link.href}
                    aria-current={location === link.href ? 'page' : undefined}
                    className={cn(itemClass, location === link.href && 'bg-accent text-accent-foreground')}
                  >
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
            <li className="mt-2 border-t pt-2">
              {user ? (
                <SheetClose asChild>
                  <button
                    type="button"
                    className={cn(itemClass, 'w-full text-left')}
                    disabled={logoutMutation.isPending}
                    onClick={() => logoutMutation.mutate()}
                  >
                    <LogOut className="size-5" aria-hidden="true" />
                    Logout
                  </button>
                </SheetClose>
              ) : (
                <SheetClose asChild>
                  <Link href="/login" className={itemClass}>
                    <LogIn className="size-5" aria-hidden="true" />
                    Login
                  </Link>
                </SheetClose>
              )}
            </li>
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
