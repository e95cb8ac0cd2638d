import type { Product } from '@domain/catalog/schemas';
import { type Listing, stockChangedMessage } from '@domain/listings/schemas';
import { fromCents, toCents } from '@domain/money';
import type { OrderStatus, SellerOrderLine } from '@domain/orders/types';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { cartItems, orderItems, orders, products } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';
import type { CatalogService } from '../catalog/service';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const ORDER_LINE_NOT_FOUND = 'Order line not found';

/** The listing's columns as the form gives them; the owner comes from the session, never from a body. */
function columns(l: Listing) {
  return {
    title: l.title,
    description: l.description,
    variety: l.variety,
    form: l.form,
    cuttingSize: l.cuttingSize,
    pollination: l.pollination,
    organic: l.organic,
    pesticideFree: l.pesticideFree,
    inStock: l.inStock,
    quantity: l.quantity,
    priceCents: toCents(l.price),
    imageUrl: l.imageUrl,
  };
}

/**
 * A seller's workspace: their listings (create, edit, delete or archive) and the order lines of their listings
 * to ship. Another seller's listing or line is 404 and stays unchanged.
 */
export class SellerService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  listings(sellerId: number): Promise<Product[]> {
    return this.catalog.bySeller(sellerId);
  }

  async create(sellerId: number, listing: Listing): Promise<Product> {
    const [row] = await this.db
      .insert(products)
      .values({ ...columns(listing), sellerId })
      .returning({ id: products.id });
    return this.catalog.get((row as { id: number }).id);
  }

  /** Edits a listing; with `expectedQuantity`, only while the stock is still what the seller saw (else 409). */
  async update(sellerId: number, id: number, listing: Listing): Promise<Product> {
    const own = and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.archivedAt));
    const { expectedQuantity } = listing;
    const updated = await this.db
      .update(products)
      .set(columns(listing))
      .where(expectedQuantity === undefined ? own : and(own, eq(products.quantity, expectedQuantity)))
      .returning({ id: products.id });
    if (updated.length === 0) {
      const [current] = await this.db.select({ quantity: products.quantity }).from(products).where(own);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const message = stockChangedMessage(current.quantity);
      throw conflict(message, { quantity: message });
    }
    return this.catalog.get(id);
  }

  /**
   * Deletes a listing; one that appears in any order is archived instead (gone from the catalog and from carts,
   * kept in order history). The row lock makes a checkout under way finish first, or find the listing gone.
   */
  async remove(sellerId: number, id: number): Promise<{ archived: boolean }> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.archivedAt)))
        .for('update');
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const [ordered] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.productId, id))
        .limit(1);
      if (!ordered) {
        await tx.delete(products).where(eq(products.id, id));
        return { archived: false };
      }
      await tx.update(products).set({ archivedAt: new Date(), inStock: false }).where(eq(products.id, id));
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      return { archived: true };
    });
  }

  /** The order lines of this seller's listings, newest order first, with the buyer and the price paid. */
  async orderLines(sellerId: number, only?: { orderId: number; itemId: number }): Promise<SellerOrderLine[]> {
    const rows = await queryRows<{
      orderId: number;
      itemId: number;
      createdAt: Date;
      buyer: string;
      productId: number;
      title: string;
      imageUrl: string;
      quantity: number;
      priceCents: number;
      status: OrderStatus;
      orderStatus: OrderStatus;
    }>(
      this.db,
      sql`select oi.order_id as "orderId", oi.id as "itemId", o.created_at as "createdAt", u.username as buyer,
                 oi.product_id as "productId", oi.title, p.image_url as "imageUrl", oi.quantity,
                 oi.price_cents as "priceCents", oi.status, o.status as "orderStatus"
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
        ? await queryRows<{ status: OrderStatus }>(
            tx,
            sql`select oi.status from order_items oi join products p on p.id = oi.product_id
                where oi.id = ${itemId} and oi.order_id = ${orderId} and p.seller_id = ${sellerId}`,
          )
        : [];
      if (!line) throw notFound(ORDER_LINE_NOT_FOUND);
      if (line.status === 'cancelled') throw conflict('This order was cancelled');
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
