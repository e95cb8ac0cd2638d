/**
 * What a payment provider's webhook event does to an order (docs/decisions/0021-payments.md#when-the-money-arrives):
 * the event is only a trigger. Its payment is looked up again at the provider (before any transaction: no network call
 * while rows are locked), and the order moves forward by what the provider says now, never by what the event's body
 * claims, so events delivered late, twice or out of order change nothing they should not:
 * - paid: when the charge captured the order's whole amount in USD, the order's unpaid parts are stamped paid, the
 *   payment records its charge, the ledger its `charge`, and each nursery is told to ship; when it captured less (or
 *   in another currency), the payment is held for a person instead (docs/decisions/0028-stripe-limits.md): it records
 *   the charge and what came in, no part is stamped paid (so none ships), the buyer is told, and a warning is logged
 *   for the marketplace; an order already paid (or held) changes nothing;
 * - expired: the parts still unpaid are cancelled by the marketplace, their units back on sale, both sides told;
 *   never a paid order (a late `expired` after the payment changes nothing);
 * - processing, open, failed: logged, nothing changes (a failure after a success is logged as an error, for the admin).
 * An event for no order of ours is acknowledged and logged; an event already handled changes nothing (payment_events,
 * inserted first in the transaction that acts on it).
 */
import { fromCents } from '@domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import type { RowOf } from '../../db/rows';
import type { payments, shipments } from '../../db/schema';
import { notify, orderPaidNotice, paymentHeldNotice } from '../notifications';
import type { EventLog, PaymentEvent, PaymentLookup, PaymentProvider } from '../payments';
import { cancelUnpaid } from './payment-window';
import { lockOrder, lockShipments } from './shipment-changes';

/** What an event did, for the log. */
type Outcome =
  | { did: 'duplicate' }
  | { did: 'not-current'; current: string | null }
  | { did: 'paid'; shipments: number[]; capturedCents: number; amountCents: number }
  | { did: 'paid-nothing-to-ship' }
  | {
      did: 'held';
      capturedCents: number;
      currency: string | null;
      amountCents: number;
      chargeRef: string;
    }
  | { did: 'already-paid' }
  | { did: 'paid-without-charge' }
  | { did: 'cancelled'; parts: number }
  | { did: 'waiting'; status: PaymentLookup['status'] }
  | { did: 'failed' }
  | { did: 'failed-after-paid' };

/** The currency of every order here (domain/money): a charge in another one pays none of it. */
const ORDER_CURRENCY = 'usd';

/** How long a card payment may wait before it is looked up at the provider, and how many one pass looks up. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
const RECONCILE_BATCH = 50;

export class PaymentEvents {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider,
    /** The time a payment is stamped with; a test may control it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async handle(event: PaymentEvent, log: EventLog): Promise<void> {
    const about = { event: event.id, kind: event.kind, ref: event.ref, orderId: event.orderId };
    if (event.kind === 'other' || !event.ref) {
      log.info(about, 'payment event of a type not acted on: acknowledged');
      return;
    }
    // Ours when the order it names has a payment of this provider with this very session (read by the order's
    // unique index; the session of an earlier attempt, or of another site on the same account, is not).
    const [payment] =
      event.orderId === null
        ? []
        : await queryRows<{ orderId: number }>(
            this.db,
            sql`select order_id as "orderId" from payments
                where order_id = ${event.orderId} and provider = ${this.provider.id} and ref = ${event.ref}`,
          );
    if (!payment) {
      log.warn(about, 'payment event for no order of ours: acknowledged, nothing changed');
      return;
    }
    // An event handled before needs no look-up (the insert in the transaction is what decides, for events at once).
    const [seen] = await queryRows<{ eventId: string }>(
      this.db,
      sql`select event_id as "eventId" from payment_events where provider = ${this.provider.id} and event_id = ${event.id}`,
    );
    if (seen) {
      log.info(about, 'payment event already handled: acknowledged, nothing changed');
      return;
    }
    const now = await this.provider.lookUp(event.ref);
    if (now.orderId !== payment.orderId) {
      log.warn(
        { ...about, lookedUp: now.orderId },
        'payment looked up is for no order of ours: nothing changed',
      );
      return;
    }
    const outcome = await this.db.transaction((tx) =>
      this.apply(tx, event.id, event.kind, payment.orderId, now),
    );
    said(log, { ...about, status: now.status, ...outcome }, outcome);
  }

  /**
   * Reconciliation (docs/decisions/0021-payments.md#when-the-money-arrives): the card payments still awaiting
   * `RECONCILE_AFTER_MS` after their page was made are looked up at the provider, and moved on as their event would
   * have moved them, so a lost webhook costs minutes, not the order. Run before the unpaid window's job, so an order
   * paid whose event was lost is found paid rather than cancelled. Answers how many it looked up.
   */
  async reconcile(log: EventLog, at: Date = this.now()): Promise<number> {
    const due = await queryRows<{ orderId: number; ref: string }>(
      this.db,
      sql`select p.order_id as "orderId", p.ref
          from payments p
          where p.provider = ${this.provider.id} and p.ref is not null and p.charge_ref is null
            and p.created_at <= ${new Date(at.getTime() - RECONCILE_AFTER_MS).toISOString()}::timestamptz
            and exists (select 1 from shipments s join shipment_settlements ss on ss.shipment_id = s.id
                        where s.order_id = p.order_id and s.status = 'pending' and ss.paid_at is null)
          order by p.order_id
          limit ${RECONCILE_BATCH}`,
    );
    for (const { orderId, ref } of due) {
      const about = { reconcile: true, ref, orderId };
      let now: PaymentLookup;
      try {
        now = await this.provider.lookUp(ref);
      } catch (err) {
        log.warn({ ...about, err }, 'a payment could not be looked up: tried again on the next pass');
        continue;
      }
      if (now.status === 'open' || now.status === 'processing') continue;
      const outcome = await this.db.transaction((tx) => this.apply(tx, null, now.status, orderId, now));
      said(log, { ...about, status: now.status, ...outcome }, outcome);
    }
    return due.length;
  }

  /** The event's effect, in one transaction: the event recorded, the order and its shipments locked, then the change. */
  private async apply(
    tx: Tx,
    eventId: string | null,
    kind: string,
    orderId: number,
    now: PaymentLookup,
  ): Promise<Outcome> {
    // An event is recorded first: a second delivery of it stops here. A reconciliation has no event to record.
    if (eventId !== null) {
      const first = await queryRows<{ eventId: string }>(
        tx,
        sql`insert into payment_events (provider, event_id, type) values (${this.provider.id}, ${eventId}, ${kind})
            on conflict do nothing returning event_id as "eventId"`,
      );
      if (first.length === 0) return { did: 'duplicate' };
    }
    // The lock order of every change to an order (docs/architecture.md#lock-order): the order, then its shipments in
    // id order.
    const order = await lockOrder(tx, sql`id = ${orderId}`);
    if (!order) return { did: 'not-current', current: null };
    await lockShipments(tx, sql`order_id = ${orderId}`);
    const buyerId = order.buyerId;
    // The payment as it stands once the locks are held, in a statement of its own.
    const [payment] = await queryRows<RowOf<typeof payments, 'ref' | 'chargeRef' | 'amountCents'>>(
      tx,
      sql`select ref, charge_ref as "chargeRef", amount_cents as "amountCents" from payments where order_id = ${orderId}`,
    );
    if (!payment || payment.ref !== now.ref) return { did: 'not-current', current: payment?.ref ?? null };
    const paid = payment.chargeRef !== null;
    switch (now.status) {
      case 'paid':
        if (paid) return { did: 'already-paid' };
        if (!now.chargeRef) return { did: 'paid-without-charge' };
        // Paid only when what the charge captured, in the order's currency, covers the order.
        if (now.currency !== ORDER_CURRENCY || now.capturedCents < payment.amountCents)
          return this.hold(tx, { orderId, buyerId }, now, now.chargeRef, payment.amountCents);
        return this.stampPaid(tx, orderId, now.chargeRef, now.capturedCents, payment.amountCents);
      case 'expired':
        if (paid) return { did: 'already-paid' };
        return {
          did: 'cancelled',
          parts: await cancelUnpaid(tx, { id: orderId, buyerId: order.buyerId }, this.now()),
        };
      case 'failed':
        return { did: paid ? 'failed-after-paid' : 'failed' };
      case 'open':
      case 'processing':
        return { did: 'waiting', status: now.status };
    }
  }

  /**
   * Holds a payment whose charge came in short of the order (less than its amount, or in another currency), after
   * the locks: the payment keeps its charge and what it captured in USD (0 in another currency), so later events
   * and the reconciliation find it decided and change nothing, and isHeld derives its state; no part is stamped paid
   * (so none may ship, and no refund or transfer is ever queued for it), and the ledger records no charge: the money
   * is for a person at the marketplace to settle with the buyer (docs/payments.md#a-payment-held-for-review). The
   * buyer is told; the marketplace learns of it from the log (a warning, with the order and the amounts).
   */
  private async hold(
    tx: Tx,
    order: { orderId: number; buyerId: number },
    now: PaymentLookup,
    chargeRef: string,
    amountCents: number,
  ): Promise<Outcome> {
    const usd = now.currency === ORDER_CURRENCY;
    const received = usd ? Math.min(now.capturedCents, amountCents) : 0;
    await tx.execute(
      sql`update payments set charge_ref = ${chargeRef}, captured_cents = ${received}::int
          where order_id = ${order.orderId} and charge_ref is null`,
    );
    await notify(tx, [
      paymentHeldNotice({
        buyerId: order.buyerId,
        orderId: order.orderId,
        received: usd ? fromCents(received) : null,
        total: fromCents(amountCents),
      }),
    ]);
    return {
      did: 'held',
      capturedCents: now.capturedCents,
      currency: now.currency,
      amountCents,
      chargeRef,
    };
  }

  /**
   * Stamps the order paid, in one statement after the locks: the payment's charge and amount captured, each part still
   * to ship and unpaid paid from now, each part cancelled meanwhile paid with its refund due, and the ledger's
   * `charge` of the order's amount; then each nursery is told to ship. The payment's `charge_ref is null` makes a
   * second stamp change nothing.
   */
  private async stampPaid(
    tx: Tx,
    orderId: number,
    chargeRef: string,
    capturedCents: number,
    amountCents: number,
  ): Promise<Outcome> {
    const at: SQL = sql`${this.now().toISOString()}::timestamptz`;
    const parts = await queryRows<RowOf<typeof shipments, 'id' | 'sellerId'>>(
      tx,
      sql`with pay as (
            update payments set charge_ref = ${chargeRef}, captured_cents = least(${capturedCents}::int, amount_cents)
            where order_id = ${orderId} and charge_ref is null
            returning order_id, amount_cents
          ),
          stamped as (
            update shipment_settlements ss set paid_at = ${at}
            from shipments s
            where s.id = ss.shipment_id and s.order_id = ${orderId} and s.status = 'pending' and ss.paid_at is null
              and exists (select 1 from pay)
            returning s.id, s.seller_id
          ),
          -- A part cancelled before the money came (by the buyer, or the window, as the buyer paid) was charged for
          -- all the same: it is paid, and its refund falls due with the payment (PostgreSQL runs every writing part
          -- of a statement, whether or not the rest reads it).
          owed as (
            update shipment_settlements ss set paid_at = ${at}, refund_state = 'due'
            from shipments s
            where s.id = ss.shipment_id and s.order_id = ${orderId} and s.status = 'cancelled' and ss.paid_at is null
              and ss.refund_state = 'none' and exists (select 1 from pay)
            returning s.id
          ),
          charge as (
            insert into ledger_entries (order_id, kind, amount_cents, provider, provider_ref)
            select order_id, 'charge', amount_cents, ${this.provider.id}::text, ${chargeRef} from pay where amount_cents > 0
            returning id
          )
          select id, seller_id as "sellerId" from stamped order by id`,
    );
    // The caller read the payment unpaid after the order's lock, so it was stamped; parts may all have been cancelled.
    if (parts.length === 0) return { did: 'paid-nothing-to-ship' };
    await notify(
      tx,
      parts.map((p) => orderPaidNotice({ sellerId: p.sellerId, orderId, shipmentId: p.id })),
    );
    return { did: 'paid', shipments: parts.map((p) => p.id), capturedCents, amountCents };
  }
}

/** Logs what an event (or a reconciliation) did, at the level it deserves. */
function said(log: EventLog, details: object, outcome: Outcome) {
  switch (outcome.did) {
    case 'duplicate':
      return log.info(details, 'payment event already handled: acknowledged, nothing changed');
    case 'not-current':
      return log.warn(details, 'payment event for an earlier payment of the order: nothing changed');
    case 'paid':
      if (outcome.capturedCents !== outcome.amountCents)
        return log.error(
          details,
          "order paid, but the amount captured is not the order's: for the admin to look at",
        );
      return log.info(details, 'order paid');
    case 'held':
      return log.warn(
        details,
        'payment held for review: the charge did not cover the order, so nothing ships; for the marketplace to settle with the buyer',
      );
    case 'paid-nothing-to-ship':
      return log.warn(details, 'order paid after all its parts were cancelled: their refunds are due');
    case 'already-paid':
      return log.info(details, 'order already paid: nothing changed');
    case 'paid-without-charge':
      return log.error(details, 'payment says paid but names no charge: nothing changed');
    case 'cancelled':
      return log.info(details, 'payment expired: the unpaid parts were cancelled');
    case 'waiting':
      return log.info(details, 'payment not complete yet: nothing changed');
    case 'failed':
      return log.warn(details, 'payment failed: nothing changed');
    case 'failed-after-paid':
      return log.error(details, 'payment failed after the order was paid: for the admin to look at');
  }
}
