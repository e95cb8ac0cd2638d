/** The product fields a cart line carries (docs/product.md#entities: title, price, imageUrl, plus what limits the line). */
export interface CartProduct {
  id: number;
  title: string;
  /** Unit price in dollars. */
  price: number;
  imageUrl: string;
  variety: string;
  inStock: boolean;
  /** Units available: the most this line may hold. */
  quantity: number;
}

/** One cart line as GET /api/cart answers it; the product may be missing (docs/product.md#entities). */
export interface CartLine {
  id: number;
  productId: number;
  quantity: number;
  /**
   * The unit price in dollars the buyer agreed to: the listing's price when the line was added, or a new price the
   * buyer accepted (POST /api/cart/:id/accept-price). When it differs from product.price, checkout answers 409.
   */
  agreedPrice: number;
  createdAt: string;
  product: CartProduct | null;
}
