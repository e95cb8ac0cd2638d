import { LayoutDashboard, List, LogOut, MapPin, Package, ShoppingCart, Truck } from 'lucide-react';
import { Link } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { useAuth } from '@/features/accounts';
import { AvatarButton } from './AvatarButton';

/** The signed-in user's My Account menu (loaded after first paint, see UserMenu). */
interface MenuProps {
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
}

export function AccountMenu({ defaultOpen = false, focusFirstItem = false }: MenuProps) {
  const { user, logoutMutation } = useAuth();
  if (!user) return null;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AvatarButton username={user.username} />
      </DropdownMenuTrigger>
      <DropdownMenuContent focusFirstItem={focusFirstItem} align="end" className="w-56">
        <DropdownMenuLabel className="pb-0">My Account</DropdownMenuLabel>
        <p className="truncate px-2 pb-1.5 text-xs text-muted-foreground">Signed in as {user.username}</p>
        <DropdownMenuSeparator />
        {user.isSeller && (
          <>
            <DropdownMenuItem asChild>
              <Link href="/seller/dashboard">
                <LayoutDashboard aria-hidden="true" />
                Seller Dashboard
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href="/seller/listings">
                <List aria-hidden="true" />
                My Listings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href="/seller/profile">
                <Truck aria-hidden="true" />
                Shipping Profile
              </Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem asChild>
          <Link href="/cart">
            <ShoppingCart aria-hidden="true" />
            Cart
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/orders">
            <Package aria-hidden="true" />
            My Orders
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/account/addresses">
            <MapPin aria-hidden="true" />
            Addresses
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
