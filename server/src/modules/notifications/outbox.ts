import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { notifications } from '../../db/schema';
import type { Notice, OrderNotice } from './messages';

/**
 * Writes notifications into the outbox, in the caller's transaction: they exist if and only if the change they tell
 * about commits (docs/decisions/0017-notifications-outbox.md).
 */
export async function notify(tx: Tx, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(notices);
}

/**
 * The notices of an order being written, as a VALUES list for checkout's one statement: each text is an OrderText
 * (text[]), joined there with the order's number (`order_id` column, withOrderNumber); `seller_id` names the
 * shipment the notice is about (null for the buyer's). Columns: user_id, kind, seller_id, title, body, link.
 */
export function noticeValues(notices: Array<OrderNotice & { sellerId: number | null }>): SQL {
  return sql.join(
    notices.map(
      (n) =>
        sql`(${n.userId}::int, ${n.kind}::text, ${n.sellerId}::int, ${sql.param(n.title)}::text[], ${sql.param(n.body)}::text[], ${sql.param(n.link)}::text[])`,
    ),
    sql`, `,
  );
}

/**
 * SQL that joins an OrderText column of noticeValues with the order's number (an SQL expression) in one pass: the
 * number goes between the parts, where the platform's words put it, and never into the text a person wrote.
 */
export function withOrderNumber(column: SQL, orderId: SQL): SQL {
  return sql`array_to_string(${column}, ${orderId}::text)`;
}
