/**
 * How the API shows a payment (domain/payments/responses.ts), from the facts the tables hold: the states derived
 * by domain/payments/status.ts, the amounts in dollars.
 */
import { fromCents } from '@domain/money';
import {
  type MoneyJobState,
  type OrderPaymentView,
  orderPayment,
  orderPaymentLabel,
  type PaymentProviderId,
  SHIPMENT_PAYMENT_LABELS,
  type ShipmentPaymentView,
  shipmentPayment,
} from '@domain/payments';
import { capabilitiesOf } from './providers';

/** A shipment's money facts: its status, its settlement, and whom it is paid to. */
export interface ShipmentMoney {
  status: string;
  grossCents: number;
  /** Its own shipping, within the gross. */
  shippingCents: number;
  paidAt: Date | string | null;
  refundState: MoneyJobState;
  transferState: MoneyJobState;
  /** When its refund was sent (recorded by its nursery under `direct`); null before. */
  refundedAt: Date | string | null;
  /** The nursery's note on the refund it recorded (`direct`). */
  refundNote: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A shipment's part of the payment, as the buyer and its seller see it. */
export function shipmentPaymentView(
  provider: PaymentProviderId,
  s: ShipmentMoney & { payee: string; instructions: string | null },
): ShipmentPaymentView {
  const status = shipmentPayment(s);
  const capabilities = capabilitiesOf(provider);
  const direct = capabilities.paysNurseryDirectly;
  return {
    provider,
    capabilities,
    status,
    label: shipmentPaymentLabel(direct, status, s.payee),
    amount: fromCents(s.grossCents),
    shipping: fromCents(s.shippingCents),
    paidAt: iso(s.paidAt),
    // Paid directly the nursery had the money from the buyer itself; by card, once its transfer is sent.
    paidOut: direct ? s.paidAt !== null && status === 'paid' : s.transferState === 'sent',
    refundedAt: status === 'refunded' ? iso(s.refundedAt) : null,
    refundNote: direct && status === 'refunded' ? s.refundNote : null,
    payee: s.payee,
    instructions: direct ? s.instructions : null,
  };
}

/**
 * A part's payment in words. Paid directly, the nursery owes a cancelled paid part's refund itself: "Refund due from
 * {nursery}" until it records it sent, then "Refund sent by {nursery}".
 */
function shipmentPaymentLabel(
  paysNurseryDirectly: boolean,
  status: ReturnType<typeof shipmentPayment>,
  payee: string,
): string {
  if (paysNurseryDirectly && status === 'refund-due') return `Refund due from ${payee}`;
  if (paysNurseryDirectly && status === 'refunded') return `Refund sent by ${payee}`;
  return SHIPMENT_PAYMENT_LABELS[status];
}

/**
 * The order's payment, from its row and its shipments' money. `held`: the row has a charge that captured less than
 * its amount (isHeld, payability.ts): nothing paid, nothing ships, a person looks into it.
 */
export function orderPaymentView(
  payment: {
    provider: PaymentProviderId;
    expiresAt: Date | string;
    redirectUrl: string | null;
    held?: boolean;
  },
  parts: readonly ShipmentMoney[],
): OrderPaymentView {
  const states = parts.map((p) => shipmentPayment(p));
  const derived = orderPayment(states, payment.held === true);
  const sum = (pick: (state: (typeof states)[number]) => boolean) =>
    fromCents(parts.reduce((cents, p, i) => cents + (pick(states[i] ?? 'awaiting') ? p.grossCents : 0), 0));
  return {
    provider: payment.provider,
    capabilities: capabilitiesOf(payment.provider),
    status: derived.status,
    label: orderPaymentLabel(derived),
    total: sum((s) => s === 'awaiting' || s === 'paid'),
    due: sum((s) => s === 'awaiting'),
    paid: sum((s) => s === 'paid'),
    refundDue: sum((s) => s === 'refund-due'),
    expiresAt: new Date(payment.expiresAt).toISOString(),
    redirectUrl: derived.status === 'awaiting' ? payment.redirectUrl : null,
  };
}
