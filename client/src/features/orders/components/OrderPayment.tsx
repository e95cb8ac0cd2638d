import { formatUSD } from '@domain/money';
import type { Order, Shipment } from '@domain/orders/responses';
import type { ShipmentPaymentView } from '@domain/payments/responses';
import type { ShipmentPayment } from '@domain/payments/status';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { LocalDate } from '@/components/LocalDate';
import { Badge, type BadgeProps } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { orderQueries, usePayNow } from '../api';

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

/** How often the order is read again while Stripe's confirmation is awaited, and for how long at most. */
const POLL_EVERY_MS = 2_000;
const POLL_FOR_MS = 3 * 60_000;

/**
 * Where the buyer comes back from Stripe's payment page: `?payment=return` (they paid, or think they did: never proof
 * of payment, only Stripe's webhook to the server is) or `?payment=cancel` (they gave up); null otherwise.
 */
function usePaymentReturn(): 'return' | 'cancel' | null {
  const value = new URLSearchParams(useSearch()).get('payment');
  return value === 'return' || value === 'cancel' ? value : null;
}

/**
 * The order page's payment: where it stands in words, and what the buyer does next. Paid directly: while nurseries
 * still wait for their money, whom to pay, how much and how (each nursery's own words, as plain text with its line
 * breaks), by when, and what happens next. Paid by card (Stripe): "Pay now" while it waits, "Payment processing"
 * (the order read again every 2 s) once the buyer is back from Stripe's page until the server has Stripe's word, and
 * "Payment not completed" when they gave up there. The checkout's confirmation opens on it.
 */
export function OrderPaymentSection({ order }: { order: Order }) {
  const { payment } = order;
  const returned = usePaymentReturn();
  // What the order's provider allows decides what is shown (its capabilities), never its name.
  const byCard = payment.capabilities.hostedCheckout && payment.status === 'awaiting';
  const processing = byCard && returned === 'return';
  const toPay = order.shipments.filter(
    (s) =>
      s.status !== 'cancelled' &&
      s.payment.status === 'awaiting' &&
      s.payment.capabilities.paysNurseryDirectly,
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
          {processing ? PAYMENT_PROCESSING : payment.label}
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
      ) : byCard ? (
        processing ? (
          <PaymentProcessing order={order} />
        ) : (
          <PayByCard order={order} cancelled={returned === 'cancel'} />
        )
      ) : (
        // Polite: the words that replace "Payment processing" once Stripe confirms are read out.
        <p role="status" className="text-sm">
          {nextStep(order)}
        </p>
      )}
    </section>
  );
}

/** The badge's words while Stripe's confirmation is awaited (docs/decisions/0021-payments.md#states-derived). */
const PAYMENT_PROCESSING = 'Payment processing';

/**
 * A card payment still awaited: what is due and by when, and "Pay now", to Stripe's payment page. After "Cancel" on
 * that page, says the payment was not completed first.
 */
function PayByCard({ order, cancelled }: { order: Order; cancelled: boolean }) {
  const { payment } = order;
  const { name } = payment.capabilities;
  return (
    <>
      <div role="status" className="grid gap-1">
        {cancelled && <p className="font-semibold">Payment not completed: your card was not charged.</p>}
        <p>
          Pay <span className="font-medium tabular-nums">{formatUSD(payment.due)}</span> by card on {name}'s
          secure payment page.
        </p>
      </div>
      <PayNowButton orderId={order.id} />
      <p className="text-sm text-muted-foreground">
        If the order is not paid by{' '}
        <span className="font-medium text-foreground">
          <LocalDate value={payment.expiresAt} />
        </span>
        , it is cancelled and its plants go back on sale.
      </p>
      <div className="grid gap-1 border-t pt-4">
        <h3 className="font-sans text-sm font-semibold tracking-wide uppercase">What happens next</h3>
        <p className="text-sm">
          Once {name} confirms your payment, each nursery ships your plants. You get a notification with the
          tracking number when each ships.
        </p>
      </div>
    </>
  );
}

/**
 * Back from Stripe's page: the return is no proof of payment, so the order is read again every 2 s until the server
 * has Stripe's word (this part is then replaced by "Paid"), for 3 minutes at most; then a word to look again later.
 */
function PaymentProcessing({ order }: { order: Order }) {
  const { name } = order.payment.capabilities;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [gaveUp]);
  const polled = useQuery({
    ...orderQueries.detail(order.id),
    refetchInterval: gaveUp ? false : POLL_EVERY_MS,
  });
  if (!gaveUp)
    return (
      <div className="flex items-start gap-3">
        <LoaderCircle
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-primary motion-safe:animate-spin"
        />
        <div className="grid gap-1">
          <p role="status" className="font-medium">
            Payment processing: we will show it here as soon as {name} confirms it.
          </p>
          <p className="text-sm text-muted-foreground">
            This usually takes a few seconds. You may leave this page: this order shows it as paid once {name}{' '}
            confirms it.
          </p>
        </div>
      </div>
    );
  return (
    <>
      <div role="status" className="grid gap-1">
        <p className="font-medium">{name} has not confirmed your payment yet.</p>
        <p className="text-sm">
          Reload this page in a few minutes to see it. If you did not finish paying, pay before{' '}
          <span className="font-medium">
            <LocalDate value={order.payment.expiresAt} />
          </span>
          .
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={polled.isFetching}
          onClick={() => {
            setGaveUp(false);
            void polled.refetch();
          }}
        >
          Check again
        </Button>
        <PayNowButton orderId={order.id} variant="ghost" />
      </div>
    </>
  );
}

/** "Pay now": to Stripe's payment page for this order (the same page while it is open). */
function PayNowButton({ orderId, variant = 'default' }: { orderId: number; variant?: 'default' | 'ghost' }) {
  const pay = usePayNow(orderId);
  // Once the page is named the browser is leaving: the button stays disabled until it has.
  const leaving = pay.isSuccess && pay.data.payment.redirectUrl !== null;
  return (
    <Button
      variant={variant}
      className="justify-self-start"
      disabled={pay.isPending || leaving}
      onClick={() => pay.mutate()}
    >
      <CreditCard aria-hidden="true" />
      {pay.isPending || leaving ? 'Opening the payment page…' : 'Pay now'}
    </Button>
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
      if (order.payment.capabilities.hostedCheckout)
        return order.status === 'pending' || order.status === 'partly-shipped'
          ? `${order.payment.capabilities.name} has confirmed your payment. Each nursery ships your plants and sends you the tracking number.`
          : `${order.payment.capabilities.name} has confirmed your payment.`;
      return order.status === 'pending' || order.status === 'partly-shipped'
        ? 'Every nursery has your payment. Each ships your plants and sends you the tracking number.'
        : 'Every nursery has your payment.';
    case 'partly-paid':
    case 'awaiting':
      return 'Each nursery ships once your payment reaches it.';
    case 'refund-due':
      return order.payment.capabilities.refundsByProvider
        ? `${formatUSD(order.payment.refundDue)} is owed back to you for a part cancelled after you paid it: it goes back to your card.`
        : `${formatUSD(order.payment.refundDue)} is owed back to you for a part cancelled after you paid it: its nursery sends it back and records it here, and you are told.`;
    case 'refunded':
      return 'What you paid is refunded.';
    case 'cancelled':
      return 'The order was cancelled before it was paid: nothing is owed.';
    case 'held':
      return "Your card payment came in short of the order's total, so the nurseries won't ship it for now. The marketplace has been told and will be in touch about what you paid.";
  }
}
