import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** The cart lines' shape while they load. */
export function CartLinesSkeleton({
  rows = 3,
  size = 'compact',
}: {
  rows?: number;
  size?: 'compact' | 'full';
}) {
  return (
    <div role="status" aria-label="Loading cart" className="grid gap-5">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={i} className="flex gap-4">
          <Skeleton
            className={cn('shrink-0 rounded-lg', size === 'full' ? 'size-20 sm:size-24' : 'size-16')}
          />
          <div className="grid flex-1 content-start gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-9 w-28" />
          </div>
        </div>
      ))}
    </div>
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
