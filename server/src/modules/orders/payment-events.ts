/**
 * What a payment provider's webhook event does to an order
 * (docs/decisions/0034-one-owner-for-money.md#the-moneys-way-told-once): the event is only a trigger. Its payment is
 * looked up again at the provider (before any transaction: no network call while rows are locked), and the order
 * moves forward by what the provider says now, never by what the event's body claims, so events delivered late, twice
 * or out of order change nothing they should not:
 * - paid: when the charge captured the order's whole amount in USD, the order's unpaid parts are stamped paid, the
 *   payment records its charge, the ledger its `charge`, and each nursery is told to ship; when it captured less (or
 *   in another currency), the payment is held for a person instead (docs/decisions/0028-stripe-limits.md): it records
 *   the charge and what came in, no part is stamped paid (so none ships), the buyer is told, and a warning is logged
 *   for the marketplace; an order already paid (or held) changes nothing;
 * - expired: the parts still unpaid are cancelled by the marketplace, their units back on sale, both sides told;
 *   never a paid order (a late `expired` after the payment changes nothing);
 * - processing, open, failed: logged, nothing changes (a failure after a success is logged as an error, for the
 *   admin).
 * An event for no order of ours is acknowledged and logged; an event already handled changes nothing
 * (payment_events, inserted first in the transaction that acts on it). Every write to the payment, its settlements
 * and the ledger is the payments module's (recordPaymentEvent, recordOrderPaid, holdShortPayment); this file decides.
 */
import { fromCents } from '@domain/money';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { notify, orderPaidNotice, paymentHeldNotice } from '../notifications';
import {
  chargeCoversOrder,
  type EventLog,
  holdShortPayment,
  type PaymentEvent,
  type PaymentLookup,
  type PaymentProvider,
  paymentAfterLocks,
  recordOrderPaid,
  recordPaymentEvent,
} from '../payments';
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
   * Reconciliation (docs/decisions/0034-one-owner-for-money.md#the-moneys-way-told-once): the card payments still
   * awaiting `RECONCILE_AFTER_MS` after their page was made are looked up at the provider, and moved on as their
   * event would have moved them, so a lost webhook costs minutes, not the order. Run before the unpaid window's job,
   * so an order paid whose event was lost is found paid rather than cancelled. Answers how many it looked up.
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
    if (eventId !== null && !(await recordPaymentEvent(tx, this.provider.id, eventId, kind)))
      return { did: 'duplicate' };
    // The lock order of every change to an order (docs/architecture.md#lock-order): the order, then its shipments in
    // id order.
    const order = await lockOrder(tx, sql`id = ${orderId}`);
    if (!order) return { did: 'not-current', current: null };
    await lockShipments(tx, sql`order_id = ${orderId}`);
    const buyerId = order.buyerId;
    // The payment as it stands once the locks are held.
    const payment = await paymentAfterLocks(tx, orderId);
    if (!payment || payment.ref !== now.ref) return { did: 'not-current', current: payment?.ref ?? null };
    const paid = payment.chargeRef !== null;
    switch (now.status) {
      case 'paid':
        if (paid) return { did: 'already-paid' };
        if (!now.chargeRef) return { did: 'paid-without-charge' };
        // Paid only when what the charge captured, in the order's currency, covers the order.
        if (!chargeCoversOrder(now, payment.amountCents))
          return this.hold(tx, { orderId, buyerId }, now, now.chargeRef, payment.amountCents);
        return this.paid(tx, orderId, now.chargeRef, now.capturedCents, payment.amountCents);
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
   * A charge short of the order (less than its amount, or in another currency), after the locks: the payment is held
   * for a person at the marketplace (holdShortPayment: nothing ships, the ledger records no charge), the buyer is
   * told, and the marketplace learns of it from the log (a warning, with the order and the amounts).
   */
  private async hold(
    tx: Tx,
    order: { orderId: number; buyerId: number },
    now: PaymentLookup,
    chargeRef: string,
    amountCents: number,
  ): Promise<Outcome> {
    const { receivedCents } = await holdShortPayment(tx, order.orderId, now, chargeRef, amountCents);
    await notify(tx, [
      paymentHeldNotice({
        buyerId: order.buyerId,
        orderId: order.orderId,
        received: receivedCents === null ? null : fromCents(receivedCents),
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
   * A charge that pays the order, after the locks: the order is recorded paid (recordOrderPaid: its parts to ship
   * paid, the refunds of parts cancelled meanwhile due, the ledger's charge), then each nursery is told to ship.
   */
  private async paid(
    tx: Tx,
    orderId: number,
    chargeRef: string,
    capturedCents: number,
    amountCents: number,
  ): Promise<Outcome> {
    const parts = await recordOrderPaid(tx, orderId, chargeRef, capturedCents, this.now(), this.provider.id);
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
