import { formatUSD, fromCents, toCents } from '@domain/money';
import type { Order, OrderLine } from '@domain/orders/responses';
import { type OrderStatus, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@domain/orders/shipments';
import { Link } from 'wouter';
import { LocalDate } from '@/components/LocalDate';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { SellerLink } from '@/components/SellerLink';
import { TextSeparator } from '@/components/TextSeparator';
import { Badge, type BadgeProps } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/utils';

const STATUS_VARIANTS: Record<OrderStatus | ShipmentStatus, BadgeProps['variant']> = {
  pending: 'secondary',
  'partly-shipped': 'secondary',
  shipped: 'cactus',
  delivered: 'cactus',
  cancelled: 'outline',
};

/** The order's status in words ("Partly shipped: 1 of 2"), as the server derived it from its shipments. */
export function OrderStatusBadge({ order, className }: { order: Order; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[order.status]} className={className}>
      <span className="sr-only">Status: </span>
      {order.statusLabel}
    </Badge>
  );
}

/** A shipment's status: To ship, Shipped, Delivered or Cancelled. */
export function ShipmentStatusBadge({ status, className }: { status: ShipmentStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} className={className}>
      <span className="sr-only">Shipment status: </span>
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** When the order was placed, e.g. "March 5, 2026", in a <time> element. */
export function OrderDate({ createdAt }: { createdAt: string }) {
  return <LocalDate value={createdAt} />;
}

/**
 * What was bought: each line's title (linking to the listing), quantity and the unit price paid, with the
 * line total. `detailed` adds the picture, the variety and the seller.
 */
export function OrderLines({ items, detailed = false }: { items: readonly OrderLine[]; detailed?: boolean }) {
  return (
    <ul aria-label="Items" className="divide-y">
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0 sm:gap-4">
          {detailed && <ProductThumbnail src={item.imageUrl} size={64} className="size-16" />}
          <div className="min-w-0 flex-1 break-words">
            <p className="font-medium leading-snug">
              <Link href={`/product/${item.productId}`} className="rounded-sm hover:text-primary">
                {item.title}
              </Link>
            </p>
            {detailed && (
              <p className="text-sm text-muted-foreground">
                {item.variety}
                <TextSeparator />
                Sold by <SellerLink seller={item.seller} />
              </p>
            )}
            <p className="text-sm text-muted-foreground tabular-nums">
              Qty {item.quantity} × {formatUSD(item.price)}
            </p>
          </div>
          <p className="shrink-0 font-medium tabular-nums">
            <span className="sr-only">Line total: </span>
            {formatUSD(fromCents(toCents(item.price) * item.quantity))}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Subtotal, shipping (with more than one nursery, each one's shipment's own under it) and total as placed; once a part is cancelled, what it took off and the total that remains
 * (the parts still standing: `payment.total`); while something is paid and something is not, what is paid and what
 * is still to pay.
 */
export function OrderTotals({ order, className }: { order: Order; className?: string }) {
  const { payment } = order;
  const cancelled = fromCents(toCents(order.total) - toCents(payment.total));
  return (
    <dl className={cn('grid gap-2 text-sm', className)}>
      <Row label="Subtotal" value={order.subtotal} />
      <Row label="Shipping" value={order.shipping} />
      {order.shipments.length > 1 &&
        order.shipments.map((s) => (
          <Row key={s.id} label={`From ${s.seller.name}`} value={s.payment.shipping} part />
        ))}
      <div
        className={cn(
          'mt-1 flex justify-between gap-4 border-t pt-3',
          cancelled > 0 ? 'text-muted-foreground' : 'text-base font-semibold',
        )}
      >
        <dt>Total</dt>
        <dd className="tabular-nums">{formatUSD(order.total)}</dd>
      </div>
      {cancelled > 0 && (
        <>
          <Row label="Cancelled" value={-cancelled} />
          <div className="flex justify-between gap-4 text-base font-semibold">
            <dt>Total now</dt>
            <dd className="tabular-nums">{formatUSD(payment.total)}</dd>
          </div>
        </>
      )}
      {payment.paid > 0 && payment.due > 0 && (
        <>
          <Row label="Paid" value={payment.paid} />
          <Row label="Still to pay" value={payment.due} />
        </>
      )}
    </dl>
  );
}

/** A row of the totals; `part`: one nursery's part of the row above (indented, smaller, "Free" for nothing). */
function Row({ label, value, part }: { label: string; value: number; part?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', part && 'ps-3 text-xs')}>
      <dt className="min-w-0 break-words text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">
        {part && value === 0 ? 'Free' : value < 0 ? `−${formatUSD(-value)}` : formatUSD(value)}
      </dd>
    </div>
  );
}

/** An order card's shape while orders load. */
export function OrderSkeleton() {
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6" aria-hidden="true">
      <div className="flex justify-between gap-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-5 w-full" />
    </div>
  );
}
