import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CartLine } from '../../../../domain/cart';
import { fromCents } from '../../../../domain/money';
import type { CartAdd } from '../../../../domain/schemas/orders';
import type { Db, Tx } from '../../db/connect';
import { cartItems, products } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../plugins/errors';

/** The product columns a cart line shows, and what limits it. */
const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  createdAt: cartItems.createdAt,
  product: {
    id: products.id,
    title: products.title,
    priceCents: products.priceCents,
    imageUrl: products.imageUrl,
    variety: products.variety,
    inStock: products.inStock,
    quantity: products.quantity,
  },
};

type LineRow = {
  id: number;
  productId: number;
  quantity: number;
  createdAt: Date;
  product: {
    id: number;
    title: string;
    priceCents: number;
    imageUrl: string;
    variety: string;
    inStock: boolean;
    quantity: number;
  };
};

function toLine(r: LineRow): CartLine {
  const { priceCents, ...product } = r.product;
  return {
    id: r.id,
    productId: r.productId,
    quantity: r.quantity,
    createdAt: r.createdAt.toISOString(),
    product: { ...product, price: fromCents(priceCents) },
  };
}

export const OUT_OF_STOCK = 'This product is currently out of stock';
export const CART_ITEM_NOT_FOUND = 'Cart item not found';

/**
 * 409 when a line would hold more than the listing has; the message says how many there are (and how many of
 * them the cart already holds, when adding to a line).
 */
export function assertAvailable(
  product: { title: string; inStock: boolean; quantity: number },
  wanted: number,
  inCart = 0,
): void {
  if (!product.inStock || product.quantity < 1) throw conflict(OUT_OF_STOCK);
  if (wanted <= product.quantity) return;
  const already = inCart > 0 ? `, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart` : '';
  throw conflict(`Only ${product.quantity} left of ${product.title}${already}`);
}

/**
 * The signed-in user's cart. A cart line never holds more than its listing has in stock when it is written;
 * checkout checks again under a lock, since stock can move between the two.
 */
export class CartService {
  constructor(private readonly db: Db) {}

  private lines(db: Db | Tx, userId: number, lineId?: number) {
    return db
      .select(lineColumns)
      .from(cartItems)
      .innerJoin(products, and(eq(products.id, cartItems.productId), isNull(products.archivedAt)))
      .where(and(eq(cartItems.userId, userId), lineId === undefined ? undefined : eq(cartItems.id, lineId)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }

  /** The user's cart lines, oldest first, with the product each refers to (archived listings left out). */
  async list(userId: number): Promise<CartLine[]> {
    return (await this.lines(this.db, userId)).map(toLine);
  }

  /**
   * Adds units of a listing: to its existing line, or as a new line. 404 for a missing or archived listing,
   * 403 for the seller's own listing, 409 when the line would hold more than is in stock.
   */
  async add(userId: number, { productId, quantity }: CartAdd): Promise<CartLine> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({
          sellerId: products.sellerId,
          title: products.title,
          inStock: products.inStock,
          quantity: products.quantity,
        })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.archivedAt)));
      if (!product) throw notFound('Product not found');
      if (product.sellerId === userId) throw forbidden('You cannot buy your own listing');
      // One statement adds to the line or creates it, so two adds at once both count.
      const [line] = await tx
        .insert(cartItems)
        .values({ userId, productId, quantity })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
        })
        .returning({ id: cartItems.id, quantity: cartItems.quantity });
      if (!line) throw new Error('The cart line was not written');
      // Throwing rolls the addition back.
      assertAvailable(product, line.quantity, line.quantity - quantity);
      return this.line(tx, userId, line.id);
    });
  }

  /** Sets a line's quantity; 404 when the line is not this user's, 409 beyond the stock. */
  async update(userId: number, lineId: number, quantity: number): Promise<CartLine> {
    return this.db.transaction(async (tx) => {
      const current = await this.line(tx, userId, lineId);
      assertAvailable(current.product as NonNullable<CartLine['product']>, quantity);
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
      return { ...current, quantity };
    });
  }

  /** Removes a line; 404 when it is not this user's. */
  async remove(userId: number, lineId: number): Promise<void> {
    const deleted = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    if (deleted.length === 0) throw notFound(CART_ITEM_NOT_FOUND);
  }

  async clear(userId: number): Promise<void> {
    await this.db.delete(cartItems).where(eq(cartItems.userId, userId));
  }

  private async line(db: Db | Tx, userId: number, lineId: number): Promise<CartLine> {
    const [row] = await this.lines(db, userId, lineId);
    if (!row) throw notFound(CART_ITEM_NOT_FOUND);
    return toLine(row);
  }
}
