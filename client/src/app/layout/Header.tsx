import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Sheet } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth';
import { ThemeToggle } from '@/features/theme';
import { cn } from '@/lib/utils';
import { CartButton } from './CartButton';
import { CartPanel } from './CartPanel';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { visibleNavLinks } from './nav-links';
import { SearchForm } from './SearchForm';
import { UserMenu } from './UserMenu';

/** The sticky site header: logo, search, main links, theme switch, cart and account. */
export function Header() {
  const { user } = useAuth();
  const [location] = useLocation();
  const [cartOpen, setCartOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
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
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <ThemeToggle />
          <Sheet open={cartOpen} onOpenChange={setCartOpen}>
            <CartButton />
            <CartPanel />
          </Sheet>
          <UserMenu />
        </div>
      </div>
      <div className="px-4 pb-3 sm:px-6 lg:hidden">
        <SearchForm id="mobile-search" />
      </div>
    </header>
  );
}
