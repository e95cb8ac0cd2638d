import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { notifications } from '../../db/schema';
import { type Notice, ORDER } from './messages';

/**
 * Writes notifications into the outbox, in the caller's transaction: they exist if and only if the change they tell
 * about commits (docs/decisions/0017-notifications-outbox.md).
 */
export async function notify(tx: Tx, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(notices);
}

/**
 * The notices of an order being written, as a VALUES list for checkout's one statement: each text's ORDER is
 * replaced there by the order's number (`order_id` column), `seller_id` names the shipment the notice is about
 * (null for the buyer's). Columns: user_id, kind, seller_id, title, body, link.
 */
export function noticeValues(
  notices: Array<Omit<Notice, 'orderId' | 'shipmentId'> & { sellerId: number | null }>,
): SQL {
  return sql.join(
    notices.map(
      (n) =>
        sql`(${n.userId}::int, ${n.kind}::text, ${n.sellerId}::int, ${n.title}::text, ${n.body}::text, ${n.link}::text)`,
    ),
    sql`, `,
  );
}

/** SQL that puts the order's number (an SQL expression) in place of ORDER in a text column of noticeValues. */
export function withOrderNumber(column: SQL, orderId: SQL): SQL {
  return sql`replace(${column}, ${ORDER}, ${orderId}::text)`;
}
