import { formatUSD, fromCents, toCents } from '@domain/money';
import { ORDER_STATUS_LABELS, type OrderStatus, type SellerOrderLine } from '@domain/orders/types';
import { AlertCircle, Package, Truck } from 'lucide-react';
import { LocalDate } from '@/components/LocalDate';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { ThumbnailRowsSkeleton } from '@/components/ThumbnailRowsSkeleton';
import { Badge, type BadgeProps } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { AddressSummary } from '@/features/shipping';
import { useSellerOrders, useShipOrderLine } from '../seller-api';

const STATUS_VARIANTS: Record<OrderStatus, BadgeProps['variant']> = {
  pending: 'secondary',
  shipped: 'cactus',
  cancelled: 'outline',
};

/** The dashboard's Orders tab: the lines of the seller's listings that buyers ordered, to ship. */
export function SellerOrders() {
  const orders = useSellerOrders();
  const ship = useShipOrderLine();

  if (orders.isPending) {
    return (
      <ThumbnailRowsSkeleton
        label="Loading orders"
        className="grid gap-3"
        rowClassName="flex gap-4 rounded-xl border bg-card p-4"
        thumbnailClassName="size-14"
        lines={['h-5 w-1/2', 'h-4 w-1/3']}
      />
    );
  }
  if (orders.isError) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
        <p className="font-medium">Your orders could not be loaded</p>
        <Button onClick={() => void orders.refetch()}>Retry</Button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <Package className="size-12 text-muted-foreground" aria-hidden="true" />
        <h3 className="mt-4 text-xl">No orders yet</h3>
        <p className="mt-2 max-w-md text-muted-foreground">
          When buyers order your listings, the items to ship show up here.
        </p>
      </div>
    );
  }

  const isShipping = (line: SellerOrderLine) =>
    ship.isPending && ship.variables?.orderId === line.orderId && ship.variables.itemId === line.itemId;

  return (
    <ul aria-label="Orders to ship" className="divide-y rounded-xl border bg-card shadow-sm">
      {orders.data.map((line) => (
        <li
          key={`${line.orderId}-${line.itemId}`}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4"
        >
          <div className="flex min-w-0 flex-1 gap-4">
            <ProductThumbnail src={line.imageUrl} size={56} className="size-14" />
            <div className="grid min-w-0 flex-1 content-start gap-1">
              <p className="font-medium leading-snug break-words">{line.title}</p>
              <p className="text-sm text-muted-foreground">
                Order #{line.orderId} <span aria-hidden="true">·</span>
                <span className="sr-only">,</span> <LocalDate value={line.createdAt} dateStyle="medium" />{' '}
                <span aria-hidden="true">·</span>
                <span className="sr-only">,</span> Buyer: {line.buyer.username}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="text-muted-foreground tabular-nums">
                  Qty {line.quantity} × {formatUSD(line.price)}
                </span>
                <span className="font-semibold tabular-nums">
                  <span className="sr-only">Line total: </span>
                  {formatUSD(fromCents(toCents(line.price) * line.quantity))}
                </span>
                <Badge variant={STATUS_VARIANTS[line.status]}>
                  <span className="sr-only">Status: </span>
                  {ORDER_STATUS_LABELS[line.status]}
                </Badge>
              </p>
              {line.shipTo && (
                <div className="text-sm">
                  <span className="sr-only">Ship to: </span>
                  <AddressSummary address={line.shipTo} className="text-muted-foreground" />
                </div>
              )}
            </div>
          </div>
          {line.status === 'pending' && (
            <Button
              variant="cactus"
              size="sm"
              className="sm:shrink-0"
              aria-label={`Mark shipped: ${line.title} for ${line.buyer.username}`}
              disabled={isShipping(line)}
              onClick={() => ship.mutate({ orderId: line.orderId, itemId: line.itemId })}
            >
              <Truck aria-hidden="true" />
              Mark shipped
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
