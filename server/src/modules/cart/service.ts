import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CartLine } from '../../../../domain/cart';
import { fromCents } from '../../../../domain/money';
import type { Db } from '../../db/connect';
import { cartItems, products } from '../../db/schema';

export class CartService {
  constructor(private readonly db: Db) {}

  /** The user's cart lines, oldest first, with the product each refers to (archived listings left out). */
  async list(userId: number): Promise<CartLine[]> {
    const rows = await this.db
      .select({ item: cartItems, product: products })
      .from(cartItems)
      .innerJoin(products, and(eq(products.id, cartItems.productId), isNull(products.archivedAt)))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    return rows.map(({ item, product }) => ({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      createdAt: item.createdAt.toISOString(),
      product: {
        id: product.id,
        title: product.title,
        price: fromCents(product.priceCents),
        imageUrl: product.imageUrl,
        variety: product.variety,
        inStock: product.inStock,
        quantity: product.quantity,
      },
    }));
  }
}
