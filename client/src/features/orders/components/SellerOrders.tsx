import { formatUSD, fromCents, toCents } from '@domain/money';
import type { SellerShipment } from '@domain/orders/responses';
import { SELLER_SHIPMENTS_PAGE_SIZE } from '@domain/orders/schemas';
import {
  CARRIER_LABELS,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '@domain/orders/shipments';
import { REFUND_NOTE_MAX } from '@domain/payments/refunds';
import { monthDay } from '@domain/shipping/arrival';
import { AlertCircle, BadgeDollarSign, FileText, Package, Truck, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AddressSummary } from '@/components/AddressSummary';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LocalDate } from '@/components/LocalDate';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { TextSeparator } from '@/components/TextSeparator';
import { ThumbnailRowsSkeleton } from '@/components/ThumbnailRowsSkeleton';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Textarea } from '@/components/ui/Textarea';
import { cn } from '@/lib/utils';
import {
  useCancelShipment,
  useMarkPaymentReceived,
  useRecordRefundSent,
  useSellerShipments,
} from '../seller-api';
import { CancelDialog } from './CancelDialog';
import { ShipmentStatusBadge } from './OrderParts';
import { ShipmentPaymentBadge } from './OrderPayment';
import { ShipDialog } from './ShipDialog';

const EMPTY_TEXT: Record<ShipmentStatus, string> = {
  pending: 'Nothing to ship. New orders show up here, oldest first.',
  shipped: 'No shipments on their way.',
  delivered: 'No delivered shipments yet.',
  cancelled: 'No cancelled shipments.',
};

/**
 * The dashboard's Orders tab: the seller's shipments by status (To ship, oldest order first; then Shipped,
 * Delivered, Cancelled, newest first), each with what to send where, the buyer's note, its payment, "Payment
 * received" while a direct payment is awaited, Mark shipped with the carrier and tracking number once it is paid,
 * Cancel with a reason ("Release unpaid order" while the payment is awaited), and the packing slip.
 */
export function SellerOrders() {
  const [status, setStatus] = useState<ShipmentStatus>('pending');
  const [page, setPage] = useState(1);
  const shipments = useSellerShipments(status, page);

  const choose = (next: ShipmentStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show shipments</legend>
        {SHIPMENT_STATUSES.map((s) => (
          <Button
            key={s}
            variant={s === status ? 'default' : 'outline'}
            size="sm"
            aria-pressed={s === status}
            onClick={() => choose(s)}
          >
            {shipments.data
              ? `${SHIPMENT_STATUS_LABELS[s]} (${shipments.data.counts[s]})`
              : SHIPMENT_STATUS_LABELS[s]}
          </Button>
        ))}
      </fieldset>
      <ShipmentList status={status} query={shipments} page={page} onPage={(next) => setPage(next)} />
    </div>
  );
}

function ShipmentList({
  status,
  query,
  page,
  onPage,
}: {
  status: ShipmentStatus;
  query: ReturnType<typeof useSellerShipments>;
  page: number;
  onPage: (page: number) => void;
}) {
  if (query.isPending) {
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
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
        <p className="font-medium">Your orders could not be loaded</p>
        <Button onClick={() => void query.refetch()}>Retry</Button>
      </div>
    );
  }
  const data = query.data;
  if (data.status !== status || data.shipments.length === 0) {
    if (data.status !== status || query.isPlaceholderData)
      return <p className="text-sm text-muted-foreground">Loading…</p>;
    const none = Object.values(data.counts).every((n) => n === 0);
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <Package className="size-12 text-muted-foreground" aria-hidden="true" />
        <h3 className="mt-4 text-xl">{none ? 'No orders yet' : `${SHIPMENT_STATUS_LABELS[status]}: none`}</h3>
        <p className="mt-2 max-w-md text-muted-foreground">
          {none ? 'When buyers order your listings, the items to ship show up here.' : EMPTY_TEXT[status]}
        </p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / SELLER_SHIPMENTS_PAGE_SIZE));
  return (
    <>
      <ul aria-label={`${SHIPMENT_STATUS_LABELS[status]} shipments`} className="grid gap-3">
        {data.shipments.map((s) => (
          <li key={s.id}>
            <ShipmentRow shipment={s} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Shipment pages" className="flex items-center justify-between gap-4">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <p className="text-sm text-muted-foreground tabular-nums">
            Page {page} of {pages}
          </p>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}

/** One shipment: the order, the buyer, where it goes, the note, the lines; and what the seller can do. */
function ShipmentRow({ shipment }: { shipment: SellerShipment }) {
  const headingId = `seller-shipment-${shipment.id}`;
  const reasonId = `seller-shipment-${shipment.id}-unpaid`;
  const shipId = `seller-shipment-${shipment.id}-ship`;
  const unpaid = shipment.status === 'pending' && shipment.payment.status !== 'paid';
  // Paid to the nursery directly (its provider's capabilities say so): the nursery says when the money arrived.
  const direct = shipment.payment.capabilities.paysNurseryDirectly;
  const awaitingDirect = shipment.status === 'pending' && direct && shipment.payment.status === 'awaiting';
  // A part the buyer paid this nursery for, then cancelled: the nursery owes the refund and records it sent.
  const refundDue = direct && shipment.payment.status === 'refund-due';
  const refundSent = direct && shipment.payment.status === 'refunded';
  // Once the refund is recorded its button goes: focus moves to the row's packing slip, as for Mark shipped below.
  const slipId = `seller-shipment-${shipment.id}-slip`;
  const focusSlipWhenRefunded = useRef(false);
  useEffect(() => {
    if (refundDue || !focusSlipWhenRefunded.current) return;
    focusSlipWhenRefunded.current = false;
    const timer = setTimeout(() => document.getElementById(slipId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refundDue, slipId]);
  // Once "Payment received" went through, focus goes to Mark shipped as soon as the answer enables it. The timer lets
  // the confirmation dialog, closed or unmounted with its trigger, finish handing focus back first.
  const focusShipWhenPaid = useRef(false);
  useEffect(() => {
    if (unpaid || !focusShipWhenPaid.current) return;
    focusShipWhenPaid.current = false;
    const timer = setTimeout(() => document.getElementById(shipId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [unpaid, shipId]);
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-sans text-base font-semibold">
            Order #{shipment.orderId} <span className="font-normal text-muted-foreground">for</span>{' '}
            {shipment.buyer.username}
          </h3>
          <p className="text-sm text-muted-foreground">
            Ordered <LocalDate value={shipment.createdAt} dateStyle="medium" />
            {shipment.shippedAt && (
              <>
                <TextSeparator />
                shipped <LocalDate value={shipment.shippedAt} dateStyle="medium" />
              </>
            )}
            {shipment.deliveredAt && (
              <>
                <TextSeparator />
                delivered <LocalDate value={shipment.deliveredAt} dateStyle="medium" />
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ShipmentStatusBadge status={shipment.status} />
          <ShipmentPaymentBadge payment={shipment.payment} />
        </div>
      </header>
      {shipment.status === 'pending' && (shipment.heldUntil || shipment.heatPack) && (
        <div className="grid gap-0.5 rounded-md bg-muted px-3 py-2 text-sm">
          {shipment.heldUntil && (
            <p className="font-medium">
              Held for the cold where it goes until about {monthDay(shipment.heldUntil)}: ship it after then,
              or sooner if the buyer asks.
            </p>
          )}
          {shipment.heatPack && <p>Pack a heat pack with it: it goes where nights are cold.</p>}
        </div>
      )}
      <ul aria-label="Items" className="grid gap-2">
        {shipment.items.map((item) => (
          <li key={item.itemId} className="flex items-center gap-3">
            <ProductThumbnail src={item.imageUrl} size={40} className="size-10" />
            <p className="min-w-0 flex-1 text-sm">
              <span className="font-medium break-words">{item.title}</span>{' '}
              <span className="text-muted-foreground tabular-nums">
                × {item.quantity} at {formatUSD(item.price)}
              </span>
            </p>
            <p className="text-sm font-medium tabular-nums">
              <span className="sr-only">Line total: </span>
              {formatUSD(fromCents(toCents(item.price) * item.quantity))}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <p className="font-semibold">Payment</p>
          {refundDue || refundSent ? (
            <SellerRefund shipment={shipment} />
          ) : (
            <p className="text-muted-foreground">
              {shipment.payment.label}:{' '}
              <span className="tabular-nums">{formatUSD(shipment.payment.amount)}</span> (items, and{' '}
              <span className="tabular-nums">{formatUSD(shipment.payment.shipping)}</span> shipping)
              {shipment.payment.paidAt && (
                <>
                  , received <LocalDate value={shipment.payment.paidAt} dateStyle="medium" />
                </>
              )}
            </p>
          )}
          {awaitingDirect && (
            <p className="text-muted-foreground">
              {shipment.buyer.username} pays you directly, as your payment instructions say.
            </p>
          )}
        </div>
        {shipment.shipTo && (
          <div>
            <p className="font-semibold">Ship to</p>
            <AddressSummary address={shipment.shipTo} className="text-muted-foreground" />
          </div>
        )}
        {shipment.note && (
          <div>
            <p className="font-semibold">Note from the buyer</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{shipment.note}</p>
          </div>
        )}
        {shipment.carrier && (
          <div>
            <p className="font-semibold">Tracking</p>
            <p className="break-all text-muted-foreground">
              {CARRIER_LABELS[shipment.carrier]} {shipment.trackingNumber ?? '(no number)'}
            </p>
          </div>
        )}
        {shipment.status === 'cancelled' && (
          <div>
            <p className="font-semibold">
              Cancelled by{' '}
              {shipment.cancelledBy === 'seller'
                ? 'you'
                : shipment.cancelledBy === 'system'
                  ? 'the marketplace'
                  : 'the buyer'}
            </p>
            <p className="break-words text-muted-foreground">{shipment.cancelReason ?? 'No reason given'}</p>
          </div>
        )}
      </div>
      <div className={cn('flex flex-wrap items-center gap-2 border-t pt-3', 'sm:justify-end')}>
        {unpaid && (
          <p id={reasonId} className="basis-full text-sm text-muted-foreground sm:mr-auto sm:basis-auto">
            Awaiting the buyer's payment
          </p>
        )}
        <Button asChild variant="outline" size="sm">
          <Link id={slipId} href={`/seller/shipments/${shipment.id}/slip`}>
            <FileText aria-hidden="true" />
            Packing slip<span className="sr-only"> for order #{shipment.orderId}</span>
          </Link>
        </Button>
        {shipment.status === 'pending' && <CancelShipmentButton shipment={shipment} unpaid={unpaid} />}
        {refundDue && (
          <RecordRefundButton
            shipment={shipment}
            focusSlipWhenRefunded={(yes) => {
              focusSlipWhenRefunded.current = yes;
            }}
          />
        )}
        {awaitingDirect && (
          <PaymentReceivedButton
            shipment={shipment}
            focusShipWhenPaid={(yes) => {
              focusShipWhenPaid.current = yes;
            }}
          />
        )}
        {unpaid ? (
          // Not paid yet: the server refuses to ship it, so the button says why instead of opening the form.
          <Button variant="cactus" size="sm" disabled aria-describedby={reasonId}>
            <Truck aria-hidden="true" />
            Mark shipped<span className="sr-only"> for order #{shipment.orderId}</span>
          </Button>
        ) : (
          (shipment.status === 'pending' || shipment.status === 'shipped') && (
            <ShipDialog
              shipment={shipment}
              trigger={
                <Button id={shipId} variant={shipment.status === 'pending' ? 'cactus' : 'outline'} size="sm">
                  <Truck aria-hidden="true" />
                  {shipment.status === 'pending' ? 'Mark shipped' : 'Edit tracking'}
                  <span className="sr-only"> for order #{shipment.orderId}</span>
                </Button>
              }
            />
          )
        )}
      </div>
    </article>
  );
}

/**
 * "Payment received", confirmed first (the buyer is told at once, and it cannot be taken back). While the call
 * runs, and after it succeeds, the row is asked (`focusShipWhenPaid`) to move focus to Mark shipped once the answer
 * enables it, as this button goes.
 */
function PaymentReceivedButton({
  shipment,
  focusShipWhenPaid,
}: {
  shipment: SellerShipment;
  focusShipWhenPaid: (yes: boolean) => void;
}) {
  const received = useMarkPaymentReceived();
  const amount = formatUSD(shipment.payment.amount);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          <BadgeDollarSign aria-hidden="true" />
          Payment received<span className="sr-only"> for order #{shipment.orderId}</span>
        </Button>
      }
      title={`Has ${amount} from ${shipment.buyer.username} reached you?`}
      description={`Say so only once the money for order #${shipment.orderId} is in your account: ${shipment.buyer.username} is told it was received, and you can then ship. This cannot be undone.`}
      confirm="Yes, payment received"
      confirming="Saving..."
      keep="Not yet"
      destructive={false}
      pending={received.isPending}
      onConfirm={(close) => {
        // Asked before the call: its answer may re-render the row before the callbacks below run.
        focusShipWhenPaid(true);
        received.mutate(shipment.id, {
          onSuccess: () => close(true),
          onError: () => {
            focusShipWhenPaid(false);
            close();
          },
        });
      }}
      // Not back to this button: it goes with the payment awaited; the row focuses Mark shipped.
      onConfirmed={() => undefined}
    />
  );
}

/**
 * A cancelled part's refund as the nursery owes it: "Refund due: $X" with whom to send it to, or, once recorded,
 * "Refund sent: $X" with the day and the note the buyer was sent.
 */
function SellerRefund({ shipment }: { shipment: SellerShipment }) {
  const { payment } = shipment;
  const amount = <span className="tabular-nums">{formatUSD(payment.amount)}</span>;
  if (payment.status === 'refund-due')
    return (
      <>
        <p className="font-medium">Refund due: {amount}</p>
        <p className="text-muted-foreground">
          {shipment.buyer.username} paid you for this part before it was cancelled: send the money back as
          they paid you, then record it.
        </p>
      </>
    );
  return (
    <>
      <p className="text-muted-foreground">
        Refund sent: {amount}
        {payment.refundedAt && (
          <>
            , recorded <LocalDate value={payment.refundedAt} dateStyle="medium" />
          </>
        )}
      </p>
      {payment.refundNote && (
        <p className="break-words whitespace-pre-line text-muted-foreground">
          <span className="sr-only">Your note: </span>
          {payment.refundNote}
        </p>
      )}
    </>
  );
}

/** "Record refund sent": confirmed in a dialog with a note the buyer reads (how and when it was sent). */
function RecordRefundButton({
  shipment,
  focusSlipWhenRefunded,
}: {
  shipment: SellerShipment;
  focusSlipWhenRefunded: (yes: boolean) => void;
}) {
  const record = useRecordRefundSent();
  const [note, setNote] = useState('');
  const amount = formatUSD(shipment.payment.amount);
  const fieldId = `refund-note-${shipment.id}`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="cactus" size="sm">
          <Undo2 aria-hidden="true" />
          Record refund sent<span className="sr-only"> for order #{shipment.orderId}</span>
        </Button>
      }
      title={`Have you sent ${amount} back to ${shipment.buyer.username}?`}
      description={`Record it only once the refund for order #${shipment.orderId} is on its way: ${shipment.buyer.username} is told, with your note. This cannot be undone.`}
      confirm="Record refund sent"
      confirming="Saving..."
      keep="Not yet"
      destructive={false}
      pending={record.isPending}
      onConfirm={(close) => {
        // Asked before the call: its answer may re-render the row before the callbacks below run.
        focusSlipWhenRefunded(true);
        record.mutate(
          { id: shipment.id, note },
          {
            onSuccess: () => close(true),
            onError: () => {
              focusSlipWhenRefunded(false);
              close();
            },
          },
        );
      }}
      // Not back to this button, which goes with the refund due: the row focuses its packing slip.
      onConfirmed={() => undefined}
    >
      <FormField id={fieldId} label="Note (the buyer sees it)">
        <Textarea
          value={note}
          maxLength={REFUND_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          placeholder="How and when you sent it"
        />
      </FormField>
    </ConfirmDialog>
  );
}

/**
 * Cancel, with a reason the buyer sees. While the buyer's payment is awaited it is "Release unpaid order": the same
 * cancel, which puts the plants back on sale at once rather than at the end of the payment window
 * (docs/product.md#seller-dashboard).
 */
function CancelShipmentButton({ shipment, unpaid }: { shipment: SellerShipment; unpaid: boolean }) {
  const cancel = useCancelShipment();
  const buyer = shipment.buyer.username;
  return (
    <CancelDialog
      id={`seller-${shipment.id}`}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          {unpaid ? 'Release unpaid order' : 'Cancel'}
          <span className="sr-only"> {unpaid ? `#${shipment.orderId}` : `order #${shipment.orderId}`}</span>
        </Button>
      }
      title={
        unpaid
          ? `Release unpaid order #${shipment.orderId}?`
          : `Cancel your part of order #${shipment.orderId}?`
      }
      description={
        unpaid
          ? `${buyer} has not paid for it yet. Releasing cancels your part: its plants go back on sale now, and ${buyer} is told, with your reason. This cannot be undone.`
          : `${buyer} is told, with your reason; the items go back on sale. This cannot be undone.`
      }
      confirm={unpaid ? 'Release the plants' : 'Cancel shipment'}
      keep={unpaid ? 'Keep waiting' : 'Keep it'}
      reasonLabel="Reason (the buyer sees it)"
      pending={cancel.isPending}
      onCancel={(reason, close) => cancel.mutate({ id: shipment.id, reason, unpaid }, { onSettled: close })}
    />
  );
}
