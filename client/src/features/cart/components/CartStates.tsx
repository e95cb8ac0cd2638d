import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { ThumbnailRowsSkeleton } from '@/components/ThumbnailRowsSkeleton';

/** The cart lines' shape while they load. */
export function CartLinesSkeleton({
  rows = 3,
  size = 'compact',
}: {
  rows?: number;
  size?: 'compact' | 'full';
}) {
  return (
    <ThumbnailRowsSkeleton
      label="Loading cart"
      rows={rows}
      className="grid gap-5"
      rowClassName="flex gap-4"
      thumbnailClassName={size === 'full' ? 'size-20 sm:size-24' : 'size-16'}
      lines={['h-4 w-3/4', 'h-4 w-1/3', 'h-9 w-28']}
    />
  );
}

/** An empty cart: an icon, a heading, a hint and an action (a link to the marketplace, say). */
export function EmptyCart({
  hint,
  action,
  headingLevel: Heading = 'p',
}: {
  hint: string;
  action: ReactNode;
  headingLevel?: 'h2' | 'p';
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShoppingCart className="size-12 text-muted-foreground" aria-hidden="true" />
      <Heading className="text-lg font-medium">Your cart is empty</Heading>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <div className="mt-2">{action}</div>
    </div>
  );
}
