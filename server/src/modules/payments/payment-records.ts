/**
 * What happens to an order's payment, written by the payments module (docs/decisions/0034-one-owner-for-money.md):
 * its page at the provider, the provider's events, the charge that pays it (or falls short and is held), and a
 * nursery paid directly saying the money arrived. Each function is one write, named by its money effect; the caller
 * holds the locks the lock order asks for (docs/architecture.md#lock-order: the order, then its shipments) and tells
 * the people concerned.
 */
import type { PaymentProviderId } from '@domain/payments';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { shopName } from '../../db/names';
import type { RowOf } from '../../db/rows';
import { payments, type shipments } from '../../db/schema';
import type { PaymentLookup } from './ports';
import { NURSERY_PAID_PROVIDERS, providerList } from './providers';

/** The currency of every order here (domain/money): a charge in another one pays none of it. */
const ORDER_CURRENCY = 'usd';

/** An order's payment as its provider's page needs it: its attempt, when it ends, and the page made, if any. */
export async function paymentPageOf(
  db: Db,
  orderId: number,
): Promise<Pick<typeof payments.$inferSelect, 'ref' | 'attempt' | 'expiresAt'> | null> {
  const [row] = await db
    .select({ ref: payments.ref, attempt: payments.attempt, expiresAt: payments.expiresAt })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row ?? null;
}

/** Records where the buyer pays an order's attempt `attempt` (the provider's page, made after the commit). */
export async function recordPaymentPage(
  db: Db,
  orderId: number,
  attempt: number,
  page: { ref: string; url: string },
): Promise<void> {
  await db
    .update(payments)
    .set({ ref: page.ref, redirectUrl: page.url })
    .where(and(eq(payments.orderId, orderId), eq(payments.attempt, attempt)));
}

/**
 * Records a provider's event as handled, first thing in the transaction that acts on it: false when it was
 * recorded before (a second delivery, which then changes nothing).
 */
export async function recordPaymentEvent(
  tx: Tx,
  provider: PaymentProviderId,
  eventId: string,
  type: string,
): Promise<boolean> {
  const first = await queryRows<{ eventId: string }>(
    tx,
    sql`insert into payment_events (provider, event_id, type) values (${provider}, ${eventId}, ${type})
        on conflict do nothing returning event_id as "eventId"`,
  );
  return first.length > 0;
}

/** An order's payment as it stands once the caller holds the order's lock, read in a statement of its own. */
export async function paymentAfterLocks(
  tx: Tx,
  orderId: number,
): Promise<RowOf<typeof payments, 'ref' | 'chargeRef' | 'amountCents'> | null> {
  const [payment] = await queryRows<RowOf<typeof payments, 'ref' | 'chargeRef' | 'amountCents'>>(
    tx,
    sql`select ref, charge_ref as "chargeRef", amount_cents as "amountCents" from payments where order_id = ${orderId}`,
  );
  return payment ?? null;
}

/** Whether a charge pays the order: what it captured, in the order's currency, covers the order's amount. */
export const chargeCoversOrder = (charge: PaymentLookup, amountCents: number): boolean =>
  charge.currency === ORDER_CURRENCY && charge.capturedCents >= amountCents;

/**
 * Holds a payment whose charge came in short of the order (less than its amount, or in another currency), after
 * the locks: the payment keeps its charge and what it captured in USD (0 in another currency), so later events and
 * the reconciliation find it decided and change nothing, and isHeld derives its state; no part is stamped paid (so
 * none may ship, and no refund or transfer is ever queued for it), and the ledger records no charge: the money is for
 * a person at the marketplace to settle with the buyer (docs/payments.md#a-payment-held-for-review). Answers what
 * came in, in USD cents (null for another currency), for the buyer's notice.
 */
export async function holdShortPayment(
  tx: Tx,
  orderId: number,
  charge: PaymentLookup,
  chargeRef: string,
  amountCents: number,
): Promise<{ receivedCents: number | null }> {
  const usd = charge.currency === ORDER_CURRENCY;
  const received = usd ? Math.min(charge.capturedCents, amountCents) : 0;
  await tx.execute(
    sql`update payments set charge_ref = ${chargeRef}, captured_cents = ${received}::int
        where order_id = ${orderId} and charge_ref is null`,
  );
  return { receivedCents: usd ? received : null };
}

/**
 * Records an order paid by its charge, in one statement after the locks: the payment's charge and amount captured,
 * each part still to ship and unpaid paid from `at`, each part cancelled meanwhile paid with its refund due, and the
 * ledger's `charge` of the order's amount. The payment's `charge_ref is null` makes a second record change nothing.
 * Answers the parts now paid, to ship (none when every part was cancelled), in id order.
 */
export async function recordOrderPaid(
  tx: Tx,
  orderId: number,
  chargeRef: string,
  capturedCents: number,
  at: Date,
  /** The provider that took the charge, written on its ledger entry. */
  provider: PaymentProviderId,
): Promise<Array<RowOf<typeof shipments, 'id' | 'sellerId'>>> {
  const stamp: SQL = sql`${at.toISOString()}::timestamptz`;
  return queryRows<RowOf<typeof shipments, 'id' | 'sellerId'>>(
    tx,
    sql`with pay as (
          update payments set charge_ref = ${chargeRef}, captured_cents = least(${capturedCents}::int, amount_cents)
          where order_id = ${orderId} and charge_ref is null
          returning order_id, amount_cents
        ),
        stamped as (
          update shipment_settlements ss set paid_at = ${stamp}
          from shipments s
          where s.id = ss.shipment_id and s.order_id = ${orderId} and s.status = 'pending' and ss.paid_at is null
            and exists (select 1 from pay)
          returning s.id, s.seller_id
        ),
        -- A part cancelled before the money came (by the buyer, or the window, as the buyer paid) was charged for
        -- all the same: it is paid, and its refund falls due with the payment (PostgreSQL runs every writing part
        -- of a statement, whether or not the rest reads it).
        owed as (
          update shipment_settlements ss set paid_at = ${stamp}, refund_state = 'due'
          from shipments s
          where s.id = ss.shipment_id and s.order_id = ${orderId} and s.status = 'cancelled' and ss.paid_at is null
            and ss.refund_state = 'none' and exists (select 1 from pay)
          returning s.id
        ),
        charge as (
          insert into ledger_entries (order_id, kind, amount_cents, provider, provider_ref)
          select order_id, 'charge', amount_cents, ${provider}::text, ${chargeRef} from pay where amount_cents > 0
          returning id
        )
        select id, seller_id as "sellerId" from stamped order by id`,
  );
}

/** What recordPaymentReceived found and did, for the caller's checks and the buyer's notice. */
export interface PaymentReceived {
  provider: PaymentProviderId;
  /** The part was paid before: nothing changed. */
  wasPaid: boolean;
  /** What the nursery received (the part's gross), when this call recorded it; null when it changed nothing. */
  stampedCents: number | null;
  orderId: number;
  buyerId: number;
  payee: string;
}

/**
 * Records that the buyer's payment for a shipment reached its nursery (the buyer pays it directly under the default
 * provider), after the caller locked the order and the shipment: the part is paid from `at`, and the ledger records
 * what the nursery received (`received_by_seller`, the part's gross, at `at`). A part paid before, or of an order
 * paid by card, changes nothing (the answer says which). Null when the shipment has no settlement.
 */
export async function recordPaymentReceived(
  tx: Tx,
  shipmentId: number,
  at: Date,
): Promise<PaymentReceived | null> {
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const [received] = await queryRows<PaymentReceived>(
    tx,
    sql`with target as (
          select ss.shipment_id, ss.paid_at, ss.gross_cents, p.provider, s.order_id, s.seller_id
          from shipment_settlements ss
          join shipments s on s.id = ss.shipment_id
          join payments p on p.order_id = s.order_id
          where ss.shipment_id = ${shipmentId}
        ),
        stamped as (
          update shipment_settlements ss set paid_at = ${stamp}
          from target t
          where ss.shipment_id = t.shipment_id and t.paid_at is null
                and t.provider in ${providerList(NURSERY_PAID_PROVIDERS)}
          returning ss.gross_cents
        ),
        ledger as (
          insert into ledger_entries (order_id, shipment_id, seller_id, kind, amount_cents, provider, created_at)
          select t.order_id, t.shipment_id, t.seller_id, 'received_by_seller', x.gross_cents, t.provider, ${stamp}
          from target t, stamped x
          returning id
        )
        select t.provider, t.paid_at is not null as "wasPaid", (select gross_cents from stamped) as "stampedCents",
               t.order_id as "orderId", o.user_id as "buyerId", ${shopName(sql`u`)} as payee
        from target t join orders o on o.id = t.order_id join users u on u.id = t.seller_id`,
  );
  return received ?? null;
}
