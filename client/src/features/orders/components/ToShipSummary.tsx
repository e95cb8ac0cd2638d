import { ArrowRight, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { LocalDate } from '@/components/LocalDate';
import { useSellerShipments } from '../seller-api';

/**
 * The dashboard overview's line on the orders waiting to be shipped: how many, since when (the oldest), and a link
 * to them (`href`, the Orders tab). Nothing while none waits, or while the count is loading. It reads the same
 * first page of "To ship" the Orders tab opens on, so the two share one request.
 */
export function ToShipSummary({ href, className }: { href: string; className?: string }) {
  const shipments = useSellerShipments('pending', 1);
  const data = shipments.data;
  const count = data?.counts.pending ?? 0;
  if (!data || count === 0) return null;
  const oldest = data.status === 'pending' ? data.shipments[0] : undefined;
  return (
    <section aria-labelledby="to-ship-heading" className={className}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-primary/40 bg-soft-pink p-4 sm:p-5">
        <Truck className="size-6 shrink-0 text-primary" aria-hidden="true" />
        {/* At least 14rem for the words: on a phone the link goes under them rather than squeeze them. */}
        <div className="min-w-0 flex-1 basis-56">
          <h2 id="to-ship-heading" className="font-sans text-base font-semibold">
            {count === 1 ? '1 order is waiting to be shipped' : `${count} orders are waiting to be shipped`}
          </h2>
          {oldest && (
            <p className="text-sm text-muted-foreground">
              {count === 1 ? 'Ordered' : 'The oldest was ordered'}{' '}
              <LocalDate value={oldest.createdAt} dateStyle="medium" />.
            </p>
          )}
        </div>
        <Link
          href={href}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          View orders to ship
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
