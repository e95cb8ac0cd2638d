import { formatUSD } from '@domain/money';
import type { Order, Shipment } from '@domain/orders/responses';
import { CARRIER_LABELS } from '@domain/orders/shipments';
import { keptOutlookLines, shippingToday } from '@domain/shipping';
import { AlertCircle, ChevronRight, PackageCheck, SearchX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { AddressSummary } from '@/components/AddressSummary';
import { LocalDate } from '@/components/LocalDate';
import { useDocumentTitle } from '@/components/PageStatus';
import { SellerLink } from '@/components/SellerLink';
import { TextSeparator } from '@/components/TextSeparator';
import { Button } from '@/components/ui/Button';
import { isApiError } from '@/lib/api';
import { parseOrderId, useCancelOrder, useConfirmDelivery, useOrder } from './api';
import { CancelDialog } from './components/CancelDialog';
import {
  OrderDate,
  OrderLines,
  OrderSkeleton,
  OrderStatusBadge,
  OrderTotals,
  ShipmentStatusBadge,
} from './components/OrderParts';
import { OrderPaymentSection, ShipmentPaymentBadge } from './components/OrderPayment';

/** /orders/:id — one of the signed-in user's orders; a non-numeric id is not found without a request. */
export function OrderDetailPage() {
  const params = useParams<{ id: string }>();
  const id = parseOrderId(params.id);
  const order = useOrder(id);

  if (id === null) return <OrderNotFound />;
  if (order.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        <div role="status" aria-label="Loading order">
          <OrderSkeleton />
        </div>
      </div>
    );
  }
  if (order.isError) {
    if (isApiError(order.error, 404)) return <OrderNotFound />;
    return <OrderLoadError onRetry={() => void order.refetch()} />;
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  useDocumentTitle(`Order #${order.id}`);
  const pending = order.shipments.filter((s) => s.status === 'pending');
  const standing = order.shipments.filter((s) => s.status !== 'cancelled');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex items-center gap-1">
          <li>
            <Link href="/orders" className="rounded-sm hover:text-primary">
              My Orders
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="text-foreground">
            Order #{order.id}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl sm:text-4xl">Order #{order.id}</h1>
          <p className="mt-1 text-muted-foreground">
            Placed on <OrderDate createdAt={order.createdAt} />
          </p>
        </div>
        <OrderStatusBadge order={order} className="px-3 py-1 text-sm" />
      </div>

      <div className="mt-8">
        <OrderPaymentSection order={order} />
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          {order.shipments.map((shipment, i) => (
            <ShipmentCard
              key={shipment.id}
              order={order}
              shipment={shipment}
              position={order.shipments.length > 1 ? `${i + 1} of ${order.shipments.length}` : null}
              canCancelAlone={shipment.status === 'pending' && standing.length > 1}
            />
          ))}
        </div>
        <section
          aria-labelledby="order-summary-heading"
          className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <h2 id="order-summary-heading" className="text-xl">
            Order Summary
          </h2>
          <OrderTotals order={order} />
          {order.shipTo && (
            <div className="grid gap-1 border-t pt-4">
              <h3 className="font-sans text-sm font-semibold tracking-wide uppercase">Ship to</h3>
              <AddressSummary address={order.shipTo} className="text-sm" />
            </div>
          )}
          {order.note && (
            <div className="grid gap-1 border-t pt-4">
              <h3 className="font-sans text-sm font-semibold tracking-wide uppercase">Your note</h3>
              <p className="text-sm break-words whitespace-pre-line">{order.note}</p>
            </div>
          )}
          {pending.length > 0 && (
            <CancelButton
              orderId={order.id}
              label={pending.length === standing.length ? 'Cancel order' : 'Cancel what has not shipped'}
              title={`Cancel order #${order.id}?`}
              description={
                pending.length === standing.length
                  ? 'The order will not be shipped and its items go back on sale. This cannot be undone.'
                  : `The ${pending.length === 1 ? 'shipment' : `${pending.length} shipments`} not yet shipped will not be sent and ${pending.length === 1 ? 'its' : 'their'} items go back on sale. What has shipped is not affected. This cannot be undone.`
              }
              confirm="Cancel order"
            />
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * One seller's part of the order: its status with the times, the tracking link, the reason it was cancelled,
 * its lines; Cancel while it has not shipped (when the order has another part standing) and "I received it" once
 * it has.
 */
function ShipmentCard({
  order,
  shipment,
  position,
  canCancelAlone,
}: {
  order: Order;
  shipment: Shipment;
  position: string | null;
  canCancelAlone: boolean;
}) {
  const headingId = `shipment-${shipment.id}-heading`;
  const delivered = useConfirmDelivery(order.id);
  return (
    <section
      aria-labelledby={headingId}
      className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        {/* A nursery's name has no spaces to wrap at: it breaks anywhere rather than widen a phone's page. */}
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 id={headingId} className="text-xl">
            {position ? `Shipment ${position}` : 'Shipment'}
            <span className="text-base font-normal text-muted-foreground">
              {' '}
              from <SellerLink seller={shipment.seller} />
            </span>
          </h2>
          <ShipmentTimeline shipment={shipment} />
        </div>
        <div className="flex flex-wrap gap-2">
          <ShipmentStatusBadge status={shipment.status} />
          <ShipmentPaymentBadge payment={shipment.payment} />
        </div>
      </header>
      {shipment.status === 'pending' && <ShipmentOutlookLines shipment={shipment} />}
      {shipment.carrier && (
        <p className="text-sm">
          {CARRIER_LABELS[shipment.carrier]}
          {shipment.trackingNumber && (
            <>
              {' '}
              tracking:{' '}
              {shipment.trackingUrl ? (
                <a
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-mono break-all text-primary underline-offset-4 hover:underline"
                >
                  {shipment.trackingNumber}
                  <span className="sr-only">
                    {' '}
                    (opens the {CARRIER_LABELS[shipment.carrier]} tracking page)
                  </span>
                </a>
              ) : (
                <span className="font-mono break-all">{shipment.trackingNumber}</span>
              )}
            </>
          )}
        </p>
      )}
      {shipment.status === 'cancelled' && (
        <div className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm break-words">
          <p>
            {CANCELLED_BY[shipment.cancelledBy ?? 'buyer']}
            {shipment.cancelReason ? `: ${shipment.cancelReason}` : '.'}
          </p>
          {shipment.payment.status === 'not-collected' && (
            <p>
              Not collected:{' '}
              {shipment.payment.capabilities.paysNurseryDirectly
                ? `${shipment.payment.payee} will not collect `
                : 'you will not be charged '}
              <span className="tabular-nums">{formatUSD(shipment.payment.amount)}</span>.
            </p>
          )}
          <PartRefund payment={shipment.payment} />
        </div>
      )}
      <OrderLines items={shipment.items} detailed />
      {(canCancelAlone || shipment.status === 'shipped') && (
        <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
          {canCancelAlone && (
            <CancelButton
              orderId={order.id}
              shipmentId={shipment.id}
              label="Cancel this shipment"
              title={`Cancel the shipment from ${shipment.seller.name}?`}
              description="It will not be shipped and its items go back on sale. The rest of the order is not affected. This cannot be undone."
              confirm="Cancel shipment"
            />
          )}
          {shipment.status === 'shipped' && (
            <Button
              variant="cactus"
              size="sm"
              disabled={delivered.isPending}
              aria-label={`I received it: the shipment from ${shipment.seller.name}`}
              onClick={() => delivered.mutate(shipment.id)}
            >
              <PackageCheck aria-hidden="true" />I received it
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * A cancelled part's refund, when it was paid: owed ("Refund due from {nursery}: $X", which it records when sent), or
 * sent ("Refund sent by {nursery}", when, and the nursery's note as text, with its line breaks).
 */
function PartRefund({ payment }: { payment: Shipment['payment'] }) {
  const amount = <span className="tabular-nums">{formatUSD(payment.amount)}</span>;
  if (payment.status === 'refund-due')
    return (
      <p>
        {payment.capabilities.refundsByProvider ? (
          <>Refund due: {amount} goes back to your card.</>
        ) : (
          <>
            Refund due from {payment.payee}: {amount}. You are told when it records the refund sent.
          </>
        )}
      </p>
    );
  if (payment.status !== 'refunded') return null;
  return (
    <>
      <p>
        {payment.capabilities.refundsByProvider ? 'Refunded to your card' : `Refund sent by ${payment.payee}`}
        : {amount}
        {payment.refundedAt && (
          <>
            , <LocalDate value={payment.refundedAt} dateStyle="medium" />
          </>
        )}
        .
      </p>
      {payment.refundNote && (
        <figure className="grid gap-0.5">
          <figcaption className="text-muted-foreground">Note from {payment.payee}:</figcaption>
          <blockquote className="border-l-2 pl-2 whitespace-pre-line">{payment.refundNote}</blockquote>
        </figure>
      )}
    </>
  );
}

const CANCELLED_BY: Record<NonNullable<Shipment['cancelledBy']>, string> = {
  buyer: 'Cancelled by you',
  seller: 'Cancelled by the seller',
  system: 'Cancelled by the marketplace',
};

/** When the shipment shipped, arrived or was cancelled, in words. */
function ShipmentTimeline({ shipment }: { shipment: Shipment }) {
  const steps: Array<[string, string]> = [];
  if (shipment.shippedAt) steps.push(['Shipped', shipment.shippedAt]);
  if (shipment.deliveredAt)
    steps.push([
      shipment.deliveredBy === 'auto' ? 'Delivered (assumed after 14 days)' : 'Delivered',
      shipment.deliveredAt,
    ]);
  if (shipment.cancelledAt) steps.push(['Cancelled', shipment.cancelledAt]);
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">Not shipped yet</p>;
  return (
    <p className="text-sm text-muted-foreground">
      {steps.map(([label, at], i) => (
        <span key={label}>
          {i > 0 && <TextSeparator />}
          {label} <LocalDate value={at} dateStyle="medium" />
        </span>
      ))}
    </p>
  );
}

/** A cancel button and its confirmation, with an optional reason the sellers see. */
function CancelButton({
  orderId,
  shipmentId,
  label,
  title,
  description,
  confirm,
}: {
  orderId: number;
  shipmentId?: number;
  label: string;
  title: string;
  description: string;
  confirm: string;
}) {
  const cancel = useCancelOrder(orderId);
  return (
    <CancelDialog
      id={String(shipmentId ?? 'order')}
      trigger={
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          size={shipmentId ? 'sm' : 'default'}
        >
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirm={confirm}
      keep={shipmentId ? 'Keep shipment' : 'Keep order'}
      reasonLabel="Reason (optional, the seller sees it)"
      pending={cancel.isPending}
      onCancel={(reason, close) => cancel.mutate({ shipmentId, reason }, { onSettled: close })}
    />
  );
}

function OrderNotFound() {
  useDocumentTitle('Order Not Found');
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl sm:text-4xl">Order Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        We couldn't find that order among yours. It may have been mistyped.
      </p>
      <Button asChild className="mt-8">
        <Link href="/orders">Back to My Orders</Link>
      </Button>
    </section>
  );
}

function OrderLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('My Orders');
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <AlertCircle className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-3xl sm:text-4xl">This order could not be loaded</h1>
      <p className="mt-3 text-muted-foreground">Please try again in a moment.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Retry</Button>
        <Button asChild variant="outline">
          <Link href="/orders">Back to My Orders</Link>
        </Button>
      </div>
    </section>
  );
}

/** When a shipment still to leave should leave and arrive, and whether the cold holds it, as checkout told it. */
function ShipmentOutlookLines({ shipment }: { shipment: Shipment }) {
  const lines = keptOutlookLines(shipment, shippingToday());
  if (lines.length === 0) return null;
  return (
    <div className="grid gap-0.5 text-sm">
      {lines.map((line) => (
        <p key={line} className={line.startsWith('Held') ? 'font-medium' : 'text-muted-foreground'}>
          {line}
        </p>
      ))}
    </div>
  );
}
