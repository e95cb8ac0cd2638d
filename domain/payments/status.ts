/**
 * Where a shipment's money and an order's payment stand, derived from the facts (a shipment's status, when its money
 * came in, its refund's state), never stored (docs/decisions/0021-payments.md#states-derived), with the words the
 * pages show. No zod here: pages import it.
 */
import type { MoneyJobState } from './ledger';

/**
 * A shipment's payment: `awaiting` (not paid, live), `paid`, `refund-due` (cancelled after it was paid, the refund
 * not yet sent), `refunded`, `not-collected` (cancelled before it was paid: nothing to give back).
 */
export const SHIPMENT_PAYMENTS = ['awaiting', 'paid', 'refund-due', 'refunded', 'not-collected'] as const;
export type ShipmentPayment = (typeof SHIPMENT_PAYMENTS)[number];

export function shipmentPayment(s: {
  /** The shipment's status (domain/orders/shipments.ts): only `cancelled` matters here. */
  status: string;
  paidAt: string | Date | null;
  refundState: MoneyJobState;
}): ShipmentPayment {
  const paid = s.paidAt !== null;
  if (s.status === 'cancelled')
    return !paid ? 'not-collected' : s.refundState === 'sent' ? 'refunded' : 'refund-due';
  return paid ? 'paid' : 'awaiting';
}

/**
 * An order's payment, from its shipments': `awaiting` (no live shipment paid), `partly-paid` (some of the live ones:
 * each nursery is paid on its own under the default), `paid` (every live one), `refund-due` (every live one paid, or
 * none live, and a part paid then cancelled whose refund is not recorded yet), `refunded` (nothing live, something
 * paid was cancelled and every such refund is recorded), `cancelled` (nothing live, nothing was paid). A paid order
 * whose cancelled paid parts are all refunded is `paid` with `refunds` above 0. While a live part still waits for
 * the buyer's money, that wait is the state (the buyer has something to do), and the label adds the refund due.
 * `held`: the card payment came in short of the order (less than its total, or in another currency than USD), so no
 * part is paid and none may ship, and a person at the marketplace looks into it.
 */
export const ORDER_PAYMENTS = [
  'awaiting',
  'partly-paid',
  'paid',
  'refund-due',
  'refunded',
  'cancelled',
  'held',
] as const;
export type OrderPayment = (typeof ORDER_PAYMENTS)[number];

export function orderPayment(
  parts: readonly ShipmentPayment[],
  /** The card payment captured less than the order (the payments row: a charge, and captured below the amount). */
  held = false,
): {
  status: OrderPayment;
  paid: number;
  live: number;
  refunds: number;
  /** The cancelled paid parts whose refund is not recorded yet. */
  refundsDue: number;
} {
  const live = parts.filter((p) => p === 'awaiting' || p === 'paid').length;
  const paid = parts.filter((p) => p === 'paid').length;
  const refunds = parts.filter((p) => p === 'refund-due' || p === 'refunded').length;
  const refundsDue = parts.filter((p) => p === 'refund-due').length;
  const status: OrderPayment = held
    ? 'held'
    : live > 0 && paid < live
      ? paid === 0
        ? 'awaiting'
        : 'partly-paid'
      : refundsDue > 0
        ? 'refund-due'
        : live > 0
          ? 'paid'
          : refunds > 0
            ? 'refunded'
            : 'cancelled';
  return { status, paid, live, refunds, refundsDue };
}

/** The order's payment in words: "Awaiting payment", "Partly paid: 1 of 2 nurseries", "Paid", "Refund due", … */
export function orderPaymentLabel(p: ReturnType<typeof orderPayment>): string {
  const due = p.refundsDue > 0 ? ', refund due' : '';
  switch (p.status) {
    case 'awaiting':
      return `Awaiting payment${due}`;
    case 'partly-paid':
      return `Partly paid: ${p.paid} of ${p.live} ${p.live === 1 ? 'nursery' : 'nurseries'}${due}`;
    case 'paid':
      return p.refunds > 0 ? 'Paid, part refunded' : 'Paid';
    case 'refund-due':
      return p.live > 0 ? 'Paid, refund due' : 'Refund due';
    case 'refunded':
      return 'Refunded';
    case 'cancelled':
      return 'Cancelled before payment';
    case 'held':
      return 'Payment under review';
  }
}

/** A shipment's payment in words, for the buyer's order page and the seller's Orders tab. */
export const SHIPMENT_PAYMENT_LABELS: Record<ShipmentPayment, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
  'not-collected': 'Not collected: cancelled before payment',
};

/** A payout account's state in words, for the nursery's profile. */
export const PAYOUT_ACCOUNT_LABELS = {
  pending: 'Onboarding not finished',
  active: 'Ready to sell by card',
  restricted: 'Stripe needs more details',
} as const;
