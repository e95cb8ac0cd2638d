/**
 * Refunds a nursery paid directly gives back itself (docs/decisions/0027-direct-refunds.md). Under the default
 * provider the marketplace never holds the buyer's money, so a part cancelled after its nursery received the payment
 * is a refund the nursery owes ("Refund due from {nursery}"); no job can send it. The nursery records it sent, with
 * an optional note: the part's refund is `sent` from then, the ledger records what went back
 * (`refunded_by_seller`, the part's gross, in cents), and the buyer is told.
 */
import { fromCents } from '@domain/money';
import type { PaymentProviderId } from '@domain/payments';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { shopName } from '../../db/names';
import { Conflict, NotFound } from '../../errors';
import { notify, refundSentNotice } from '../notifications';
import { capabilitiesOf } from './providers';

/** The 404 of a shipment that is not the seller's (the orders module's words for it). */
const SHIPMENT_NOT_FOUND = 'Shipment not found';
/** The 409s of a record that has nothing to record. */
export const REFUND_MESSAGES = {
  byCard: 'This order is paid by card: the marketplace sends its refund when the part is cancelled',
  notCancelled: 'This shipment is not cancelled: there is no refund to send',
  notPaid: 'This shipment was cancelled before it was paid: there is no refund to send',
} as const;

export class DirectRefunds {
  constructor(
    private readonly db: Db,
    /** The time a refund is recorded at; a test may control it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The seller records the refund of its cancelled paid part sent. Recording it again changes nothing (the first
   * record, its time and note, stand), so a retried or doubled request records one refund. 404 for a shipment that
   * is not the seller's; 409 for one paid by card, not cancelled, or cancelled before it was paid. The amount is
   * the part's, fixed at checkout: the seller never sends one.
   *
   * Locks the order, then the shipment, both FOR NO KEY UPDATE (docs/architecture.md#lock-order, as lockOrder and
   * lockShipments in the orders module, which this module cannot import), and reads the settlement after both.
   */
  async record(sellerId: number, shipmentId: number, note: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      // A shipment's order never changes: read without a lock, then locked in order.
      const [own] = await queryRows<{ orderId: number }>(
        tx,
        sql`select order_id as "orderId" from shipments where id = ${shipmentId} and seller_id = ${sellerId}`,
      );
      if (!own) throw new NotFound(SHIPMENT_NOT_FOUND);
      // Every change to the order or its shipments takes these two locks in this order, so this waits for a cancel
      // or the unpaid window under way and never deadlocks with them; an insert referencing either row (a notice,
      // a ledger entry) takes only a key-share lock, which FOR NO KEY UPDATE does not block.
      await tx.execute(sql`select id from orders where id = ${own.orderId} for no key update`);
      await tx.execute(sql`select id from shipments where id = ${shipmentId} for no key update`);
      // After the locks, in a statement of its own: a cancel or a record committed while this waited is seen.
      const [part] = await queryRows<{
        status: string;
        provider: PaymentProviderId;
        paid: boolean;
        refundState: string;
        grossCents: number;
        buyerId: number;
        payee: string;
      }>(
        tx,
        sql`select s.status, p.provider, ss.paid_at is not null as paid, ss.refund_state as "refundState",
                   ss.gross_cents as "grossCents", o.user_id as "buyerId", ${shopName(sql`u`)} as payee
            from shipments s
            join shipment_settlements ss on ss.shipment_id = s.id
            join payments p on p.order_id = s.order_id
            join orders o on o.id = s.order_id
            join users u on u.id = s.seller_id
            where s.id = ${shipmentId}`,
      );
      if (!part) throw new NotFound(SHIPMENT_NOT_FOUND);
      // Only a nursery paid directly refunds the buyer itself; by card the marketplace refunds through the provider.
      if (!capabilitiesOf(part.provider).paysNurseryDirectly) throw new Conflict(REFUND_MESSAGES.byCard);
      if (part.status !== 'cancelled') throw new Conflict(REFUND_MESSAGES.notCancelled);
      if (!part.paid) throw new Conflict(REFUND_MESSAGES.notPaid);
      if (part.refundState === 'sent') return;
      const at = this.now().toISOString();
      await tx.execute(
        sql`update shipment_settlements
            set refund_state = 'sent', refunded_at = ${at}::timestamptz, refund_note = ${note}
            where shipment_id = ${shipmentId}`,
      );
      await tx.execute(
        sql`insert into ledger_entries (order_id, shipment_id, seller_id, kind, amount_cents, provider, created_at)
            values (${own.orderId}, ${shipmentId}, ${sellerId}, 'refunded_by_seller', ${part.grossCents},
                    'direct', ${at}::timestamptz)`,
      );
      await notify(tx, [
        refundSentNotice({
          buyerId: part.buyerId,
          sellerId,
          orderId: own.orderId,
          shipmentId,
          payee: part.payee,
          amount: fromCents(part.grossCents),
          note,
        }),
      ]);
    });
  }
}
