import { formatUSD } from '@domain/money';
import type { Order, Shipment } from '@domain/orders/responses';
import type { ShipmentPaymentView } from '@domain/payments/responses';
import type { ShipmentPayment } from '@domain/payments/status';
import { LocalDate } from '@/components/LocalDate';
import { Badge, type BadgeProps } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';

const PAYMENT_VARIANTS: Record<ShipmentPayment, BadgeProps['variant']> = {
  awaiting: 'secondary',
  paid: 'cactus',
  'refund-due': 'outline',
  refunded: 'outline',
  'not-collected': 'outline',
};

/** A shipment's payment in words, as the server put it: Awaiting payment, Paid, Not collected… */
export function ShipmentPaymentBadge({
  payment,
  className,
}: {
  payment: Pick<ShipmentPaymentView, 'status' | 'label'>;
  className?: string;
}) {
  return (
    <Badge variant={PAYMENT_VARIANTS[payment.status]} className={className}>
      <span className="sr-only">Payment: </span>
      {payment.label}
    </Badge>
  );
}

/**
 * The order page's payment: where it stands in words, and, while nurseries paid directly still wait for their
 * money, whom to pay, how much and how (each nursery's own words, as plain text with its line breaks), by when,
 * and what happens next. The checkout's confirmation opens on it.
 */
export function OrderPaymentSection({ order }: { order: Order }) {
  const { payment } = order;
  const toPay = order.shipments.filter(
    (s) => s.status !== 'cancelled' && s.payment.status === 'awaiting' && s.payment.provider === 'direct',
  );
  return (
    <section
      aria-labelledby="payment-heading"
      className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="payment-heading" className="text-xl">
          Payment
        </h2>
        <Badge variant={payment.status === 'paid' ? 'cactus' : 'secondary'} className="px-3 py-1 text-sm">
          <span className="sr-only">Payment status: </span>
          {payment.label}
        </Badge>
      </header>
      {toPay.length > 0 ? (
        <>
          <p>
            {toPay.length === 1 && order.shipments.length === 1
              ? 'Pay the nursery directly, as it asks below.'
              : 'Pay each nursery directly, as it asks below: each is paid on its own.'}{' '}
            Mention order #{order.id} with your payment.
          </p>
          <ul aria-label="Nurseries to pay" className="grid gap-3">
            {toPay.map((shipment) => (
              <li key={shipment.id}>
                <PayNursery shipment={shipment} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            If a nursery has not received your payment by{' '}
            <span className="font-medium text-foreground">
              <LocalDate value={payment.expiresAt} />
            </span>
            , its part of the order is cancelled and its plants go back on sale.
          </p>
          <div className="grid gap-1 border-t pt-4">
            <h3 className="font-sans text-sm font-semibold tracking-wide uppercase">What happens next</h3>
            <p className="text-sm">
              Each nursery ships once your payment reaches it. You get a notification when it confirms your
              payment, and another with the tracking number when it ships.
            </p>
          </div>
        </>
      ) : (
        <p className="text-sm">{nextStep(order)}</p>
      )}
      {payment.redirectUrl && (
        <Button asChild className="justify-self-start">
          <a href={payment.redirectUrl}>Pay {formatUSD(payment.due)} by card</a>
        </Button>
      )}
    </section>
  );
}

/** "Pay Homestead Dragon Fruit Nursery $31.99" and the nursery's instructions, verbatim. */
function PayNursery({ shipment }: { shipment: Shipment }) {
  const { payee, amount, instructions } = shipment.payment;
  const headingId = `pay-${shipment.id}-heading`;
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-lg border bg-muted/50 p-3 sm:p-4">
      {/* A nursery's name has no spaces to wrap at: it breaks anywhere rather than widen a phone's page. */}
      <h3 id={headingId} className="font-sans text-base font-semibold [overflow-wrap:anywhere]">
        Pay {payee} <span className="tabular-nums">{formatUSD(amount)}</span>
      </h3>
      {instructions ? (
        // The nursery's own words: text, never markup (React escapes it), with its line breaks kept.
        <p className="text-sm break-words whitespace-pre-line">{instructions}</p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {payee} has no payment instructions on file at the moment: look here again later.
        </p>
      )}
    </article>
  );
}

/** What comes next once nothing is waiting to be paid. */
function nextStep(order: Order): string {
  switch (order.payment.status) {
    case 'paid':
      return order.status === 'pending' || order.status === 'partly-shipped'
        ? 'Every nursery has your payment. Each ships your plants and sends you the tracking number.'
        : 'Every nursery has your payment.';
    case 'partly-paid':
    case 'awaiting':
      return 'Each nursery ships once your payment reaches it.';
    case 'refunded':
      return 'What you paid is refunded.';
    case 'cancelled':
      return 'The order was cancelled before it was paid: nothing is owed.';
  }
}
