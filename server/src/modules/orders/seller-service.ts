import { fromCents } from '@domain/money';
import type { SellerOrderLine } from '@domain/orders/types';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import type { ColumnOf, RowOf } from '../../db/rows';
import { orderItems, orders, type products, type users } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { shipToOf } from './service';

export const ORDER_LINE_NOT_FOUND = 'Order line not found';

/**
 * A seller's side of the orders: the order lines of their listings, and shipping them. Another seller's line is
 * 404 and stays unchanged.
 */
export class SellerOrderService {
  constructor(private readonly db: Db) {}

  /** The order lines of this seller's listings, newest order first, with the buyer and the price paid. */
  async orderLines(sellerId: number, only?: { orderId: number; itemId: number }): Promise<SellerOrderLine[]> {
    const rows = await queryRows<
      RowOf<typeof orderItems, 'orderId' | 'productId' | 'title' | 'quantity' | 'priceCents' | 'status'> &
        RowOf<
          typeof orders,
          | 'createdAt'
          | 'shipToName'
          | 'shipToLine1'
          | 'shipToLine2'
          | 'shipToCity'
          | 'shipToState'
          | 'shipToZip'
          | 'shipToPhone'
        > &
        RowOf<typeof products, 'imageUrl'> & {
          itemId: ColumnOf<typeof orderItems, 'id'>;
          buyer: ColumnOf<typeof users, 'username'>;
          orderStatus: ColumnOf<typeof orders, 'status'>;
        }
    >(
      this.db,
      sql`select oi.order_id as "orderId", oi.id as "itemId", o.created_at as "createdAt", u.username as buyer,
                 oi.product_id as "productId", oi.title, p.image_url as "imageUrl", oi.quantity,
                 oi.price_cents as "priceCents", oi.status, o.status as "orderStatus",
                 o.ship_to_name as "shipToName", o.ship_to_line1 as "shipToLine1", o.ship_to_line2 as "shipToLine2",
                 o.ship_to_city as "shipToCity", o.ship_to_state as "shipToState", o.ship_to_zip as "shipToZip",
                 o.ship_to_phone as "shipToPhone"
          from order_items oi
          join products p on p.id = oi.product_id
          join orders o on o.id = oi.order_id
          join users u on u.id = o.user_id
          where p.seller_id = ${sellerId}
            ${only ? sql`and oi.id = ${only.itemId} and oi.order_id = ${only.orderId}` : sql``}
          order by o.created_at desc, oi.id`,
    );
    return rows.map((r) => ({
      orderId: r.orderId,
      itemId: r.itemId,
      createdAt: new Date(r.createdAt).toISOString(),
      buyer: { username: r.buyer },
      productId: r.productId,
      title: r.title,
      imageUrl: r.imageUrl,
      quantity: r.quantity,
      price: fromCents(r.priceCents),
      status: r.status,
      orderStatus: r.orderStatus,
      shipTo: shipToOf(r),
    }));
  }

  /**
   * Marks one of this seller's order lines shipped; the order is shipped once all its lines are. The order row
   * is locked first, as cancelling does, so a line is never shipped on an order being cancelled. Shipping a
   * shipped line again changes nothing; a cancelled line is 409.
   */
  async ship(sellerId: number, orderId: number, itemId: number): Promise<SellerOrderLine> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      const [line] = order
        ? await queryRows<RowOf<typeof orderItems, 'status'>>(
            tx,
            sql`select oi.status from order_items oi join products p on p.id = oi.product_id
                where oi.id = ${itemId} and oi.order_id = ${orderId} and p.seller_id = ${sellerId}`,
          )
        : [];
      if (!line) throw new NotFound(ORDER_LINE_NOT_FOUND);
      if (line.status === 'cancelled') throw new Conflict('This order was cancelled');
      if (line.status === 'shipped') return;
      await tx.update(orderItems).set({ status: 'shipped' }).where(eq(orderItems.id, itemId));
      await tx.execute(
        sql`update orders set status = 'shipped'
            where id = ${orderId}
              and not exists (select 1 from order_items where order_id = ${orderId} and status <> 'shipped')`,
      );
    });
    const [shipped] = await this.orderLines(sellerId, { orderId, itemId });
    return shipped as SellerOrderLine;
  }
}
